import triton
import triton.language as tl


@triton.jit
def rope_cache_kernel(x_ptr, cache_ptr, out_ptr, D: tl.constexpr):
    SAME_TYPE: tl.constexpr = x_ptr.dtype.element_ty == out_ptr.dtype.element_ty
    row = tl.program_id(0)
    offs = tl.arange(0, D)
    v = tl.load(x_ptr + row * D + offs)
    tl.store(cache_ptr + row * D + offs, v)
    if SAME_TYPE:
        tl.store(out_ptr + row * D + offs, v)
    else:
        tl.store(out_ptr + row * D + offs, v.to(out_ptr.dtype.element_ty))
