from triton.experimental import gluon
from triton.experimental.gluon import language as gl


def define_layout(GROUP: gl.constexpr, PARTITION: gl.constexpr) -> gl.constexpr:
    if GROUP == 16:
        if PARTITION == 128:
            bases: gl.constexpr = [[0, 1], [0, 2]]
        elif PARTITION == 256:
            bases: gl.constexpr = [[0, 1], [0, 2], [0, 128]]
    else:
        bases: gl.constexpr = [[0, 1]]
    return bases


class AttnConfig:
    def __init__(self, NUM_WARPS, WARP_SIZE):
        assert WARP_SIZE == 32
        assert NUM_WARPS == 1 or NUM_WARPS == 2 or NUM_WARPS == 4
        if NUM_WARPS == 1:
            warp_bases = []
        elif NUM_WARPS == 2:
            warp_bases = [(1, 0)]
        elif NUM_WARPS == 4:
            warp_bases = [(1, 0), (2, 0)]
        self.warp_bases = warp_bases
