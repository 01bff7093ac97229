import triton
import triton.language as tl


@triton.jit
def _moe_gemm_decode(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs <= n)
    tl.store(out_ptr + offs, x, mask=offs <= n)


@triton.jit
def _moe_gemm_prefill(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs <= n)
    tl.store(out_ptr + offs, x * 2, mask=offs <= n)
