from lanes.meta import LaneMeta


class WideLanes:
    def __init__(self, width):
        self.width = width
        self.stride = width * 2


def widen(width) -> LaneMeta:
    if width > 64:
        return WideLanes(width)
    return LaneMeta(width=width, offsets=[])


def span(meta: LaneMeta):
    extra = meta.spill_len if hasattr(meta, "spill_base") else 0
    tail = meta.spill_base
    wide = widen(meta.width)
    return meta.offsets[-1] - meta.offsets[0] + extra + tail + wide.stride
