def cache_dir(default: str) -> str:
    return default
