from lanes.meta import LaneMeta


def span(meta: LaneMeta):
    return meta.offsets[-1] - meta.offsets[0]
