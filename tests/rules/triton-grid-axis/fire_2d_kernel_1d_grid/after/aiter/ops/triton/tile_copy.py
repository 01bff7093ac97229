import triton
import triton.language as tl


@triton.jit
def _tile_copy_kernel(src, dst, N, BLOCK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(axis=1)  # expect[red]: triton-grid-axis
    offs = pid_n * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + pid_m * N + offs, tl.load(src + pid_m * N + offs, mask=offs < N), mask=offs < N)


def tile_copy(src, dst):
    M, N = src.shape
    grid = (M,)
    _tile_copy_kernel[grid](src, dst, N, BLOCK=128)
