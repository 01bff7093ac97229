import os


@functools.lru_cache(maxsize=None)  # expect[red]: undefined-name
def padded_heads(num_heads: int) -> int:
    return (num_heads + 7) // 8 * 8


def debug_enabled() -> bool:
    return os.environ.get("ATOM_DEBUG_SHAPES", "0") == "1"
