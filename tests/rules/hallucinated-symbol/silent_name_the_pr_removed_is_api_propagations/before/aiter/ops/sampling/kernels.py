import functools


@functools.lru_cache(maxsize=None)
def build_topp_kernel(vocab: int, block: int = 1024):
    return ("topp", vocab, block)


@functools.lru_cache(maxsize=None)
def build_minp_kernel(vocab: int, block: int = 1024):
    return ("minp", vocab, block)
