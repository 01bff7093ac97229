from .ops.decode_meta import *
