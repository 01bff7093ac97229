from aiter.utility.arch import current_target


def _require_target(target, channels):
    if target is None:
        target = current_target()
    if target not in ("gfx942", "gfx950"):
        raise NotImplementedError(f"conv tiles are not tuned for {target}")
    if channels % 8:
        raise ValueError("channels must be a multiple of 8")


def _lane_bytes(target=None):
    if target is None:
        target = current_target()
    # the two supported targets differ in their widest global load
    if target.startswith("gfx950"):
        return 16
    else:
        return 4


def build_conv(channels, target=None):
    _require_target(target, channels)
    width = _lane_bytes(target)
    return {"channels": channels, "lane_bytes": width}


def conv_launcher(channels):
    plan = build_conv(channels)

    def launch(x):
        assert current_target() == "gfx950" or current_target() == "gfx942", "see _require_target"
        step = 2 if current_target() == "gfx950" else 1
        return x, plan, step

    return launch
