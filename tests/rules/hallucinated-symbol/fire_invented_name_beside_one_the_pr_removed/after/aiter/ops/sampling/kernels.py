import functools


@functools.lru_cache(maxsize=None)
def make_topp_kernel(vocab: int, block: int = 1024, sorted_input: bool = False):
    return ("topp", vocab, block, sorted_input)


@functools.lru_cache(maxsize=None)
def build_minp_kernel(vocab: int, block: int = 1024):
    return ("minp", vocab, block)
