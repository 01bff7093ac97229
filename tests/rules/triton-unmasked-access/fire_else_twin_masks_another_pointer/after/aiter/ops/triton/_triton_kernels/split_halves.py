import triton
import triton.language as tl


@triton.jit
def _split_halves_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    if pid % 2 == 0:
        # Masks the upper half only: it is not the same access as the else arm's.
        tl.store(out_ptr + offs + n, x, mask=offs < n)
    else:
        tl.store(out_ptr + offs, x)  # expect[red]: triton-unmasked-access
