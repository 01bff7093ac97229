import functools
import os


@functools.lru_cache(maxsize=None)
def padded_heads(num_heads: int) -> int:
    return (num_heads + 7) // 8 * 8


def debug_enabled() -> bool:
    return os.environ.get("ATOM_DEBUG_SHAPES", "0") == "1"
