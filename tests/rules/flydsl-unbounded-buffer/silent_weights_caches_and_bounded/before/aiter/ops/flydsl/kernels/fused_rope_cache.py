from aiter.ops.flydsl.kernels import buffer_ops


def build():
    pass
