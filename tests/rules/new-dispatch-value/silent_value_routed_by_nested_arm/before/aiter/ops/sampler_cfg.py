def pick_warps(chip):
    if chip.family == "mi300":
        return 8
    elif chip.family == "mi355":
        return 4
    return 2


def pick_tiles(chip):
    if chip.family == "mi300":
        return (128, 64)
    elif chip.family == "mi355":
        return (256, 64)
    elif chip.is_consumer:
        return (64, 32)
    else:
        return (32, 32)
