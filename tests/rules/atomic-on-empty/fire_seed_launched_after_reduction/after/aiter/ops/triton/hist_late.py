import torch
import triton
import triton.language as tl


@triton.jit
def _clear_kernel(buf_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(buf_ptr + offs, tl.zeros((BLOCK,), dtype=tl.int32), mask=offs < n)


@triton.jit
def _bucket_kernel(ids_ptr, counts_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    ids = tl.load(ids_ptr + offs, mask=offs < n, other=0)
    tl.atomic_add(counts_ptr + ids, 1, mask=offs < n)


def bucket_counts_then_reset(ids, buckets, scratch):
    counts = torch.empty(buckets, device=ids.device, dtype=torch.int32)  # expect: atomic-on-empty
    _bucket_kernel[(triton.cdiv(ids.numel(), 256),)](ids, counts, ids.numel(), BLOCK=256)
    out = counts.clone()
    _clear_kernel[(triton.cdiv(buckets, 256),)](counts, buckets, BLOCK=256)
    return out
