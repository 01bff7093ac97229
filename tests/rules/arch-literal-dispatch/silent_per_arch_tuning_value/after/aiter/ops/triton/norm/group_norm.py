import triton

from aiter.ops.triton._triton_kernels.norm.group_norm import _group_norm_kernel
from aiter.ops.triton.utils.arch_info import get_arch


def _stages_for(arch):
    # the smaller LDS of the consumer parts cannot hold two stages of this tile
    if arch in ("gfx1200", "gfx1201"):
        return 1
    else:
        return 2


def _launch_shape(arch, cols):
    if arch == "gfx1201":
        stages, warps = 1, 4
    elif arch == "gfx90a":
        stages, warps = 1, 2
    else:
        if cols >= 4096:
            stages, warps = 1, 8
        else:
            stages, warps = 2, 4
    return stages, warps


def group_norm(x, groups, eps=1e-5):
    n, c = x.shape
    out = x.new_empty(n, c)
    arch = get_arch()
    block = triton.next_power_of_2(c // groups)
    if arch == "gfx1250":
        block_rows = 2
        wide_loads = True
    elif arch == "gfx942":
        block_rows = 1
        wide_loads = False
    else:
        block_rows = 1
        wide_loads = True
    warps = 8 if arch == "gfx950" else (4)
    stages, _ = _launch_shape(arch, c)
    _group_norm_kernel[(n, groups)](
        x, out, c, groups, eps, BLOCK=block, ROWS=block_rows, WIDE=wide_loads,
        num_warps=warps, num_stages=_stages_for(arch),
    )
    return out
