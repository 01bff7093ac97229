from .pool import BlockPool, decode_pool

SPARE = BlockPool(16, None)
MAIN = decode_pool(64)
