import triton
import triton.language as tl


@triton.jit
def rope_cache_kernel(x_ptr, cache_ptr, out_ptr, D: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, D)
    v = tl.load(x_ptr + row * D + offs)
    tl.store(cache_ptr + row * D + offs, v)
    tl.store(out_ptr + row * D + offs, v)
