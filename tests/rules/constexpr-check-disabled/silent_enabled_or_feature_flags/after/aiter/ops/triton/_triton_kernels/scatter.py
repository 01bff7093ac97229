import triton
import triton.language as tl


@triton.jit
def _scatter_kernel(src_ptr, out_ptr, USE_BIAS: tl.constexpr = False, CHECK_BOUNDS: tl.constexpr = True):
    pid = tl.program_id(0)
    tl.store(out_ptr + pid, tl.load(src_ptr + pid))


def launch(src, out, grid, check):
    _scatter_kernel[grid](src, out, USE_BIAS=False, HAS_SCALE=False, CHECK_BOUNDS=check)
