_CACHE = None


def tp_size(cfg, world=1):
    global _CACHE
    if cfg.tp > 1:
        world = cfg.tp
        _CACHE = cfg
    return world, _CACHE


def label(enable_mtp, k):
    if enable_mtp:
        steps = k + 1
    desc = f"mtp{steps}" if enable_mtp else "plain"
    return enable_mtp and steps, desc
