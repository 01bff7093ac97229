from aiter.ops.flydsl.kernels import buffer_ops, tdm_ops


def build(M):
    pass
