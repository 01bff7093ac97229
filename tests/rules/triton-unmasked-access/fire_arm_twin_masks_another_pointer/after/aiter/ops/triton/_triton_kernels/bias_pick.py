import triton
import triton.language as tl


@triton.jit
def _bias_pick_kernel(bias_ptr, alt_ptr, out_ptr, n_cols, BLOCK: tl.constexpr, USE_ALT: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    keep = offs < n_cols
    base = tl.load(bias_ptr + offs, mask=keep, other=0)
    if USE_ALT:
        b = tl.load(bias_ptr + offs)  # expect[red]: triton-unmasked-access
    else:
        b = tl.load(alt_ptr + offs, mask=keep, other=0)
    tl.store(out_ptr + offs, base + b, mask=keep)
