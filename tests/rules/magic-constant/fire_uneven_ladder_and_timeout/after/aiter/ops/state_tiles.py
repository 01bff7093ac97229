import time


def zero_tiles(width, alloc):
    tiles = [alloc(32)]
    if width > 40:  # expect[note]: magic-constant
        tiles.append(alloc(32))
    if width > 64:
        tiles.append(alloc(32))
    if width > 96:
        tiles.append(alloc(32))
    return tiles


def wait_ready(flag, started):
    while not flag.is_set():
        if time.monotonic() - started >= 45.0:
            raise TimeoutError("state tiles never became ready")
        time.sleep(0.01)
