import os


def cache_dir(default: str) -> str:
    return os.getenv("KVSTORE_CACHE_DIR", default)  # expect: undocumented-env-var
