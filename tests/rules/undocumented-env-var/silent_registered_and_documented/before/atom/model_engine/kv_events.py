def publisher_enabled() -> bool:
    return False
