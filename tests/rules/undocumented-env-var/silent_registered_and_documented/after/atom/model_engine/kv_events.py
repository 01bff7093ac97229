import os


def publisher_enabled() -> bool:
    return os.getenv("ATOM_KV_EVENTS_ENABLE", "0") == "1"
