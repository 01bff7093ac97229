import torch
import triton
import triton.language as tl


@triton.jit
def _split_dot_kernel(a_ptr, b_ptr, out_ptr, n, PARTS: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    prod = tl.load(a_ptr + offs, mask=offs < n, other=0.0) * tl.load(b_ptr + offs, mask=offs < n, other=0.0)
    if PARTS == 1:
        tl.store(out_ptr + pid, tl.sum(prod, axis=0))
    else:
        tl.atomic_add(out_ptr + pid // PARTS, tl.sum(prod, axis=0))


def split_dot(a, b, opts):
    blocks = triton.cdiv(a.numel(), 256)
    if opts["PARTS"] == 1:
        out = torch.empty(blocks, device=a.device, dtype=torch.float32)
    else:
        out = torch.zeros(blocks, device=a.device, dtype=torch.float32)
    _split_dot_kernel[(blocks,)](a, b, out, a.numel(), BLOCK=256, **opts)
    return out
