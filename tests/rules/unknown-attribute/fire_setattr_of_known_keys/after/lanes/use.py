from lanes.meta import LaneMeta


def span(meta: LaneMeta):
    return meta.offsets[-1] - meta.offsets[0] + meta.spill_stride  # expect[red]: unknown-attribute
