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


@triton.jit
def _single_peak_kernel(x_ptr, peak_ptr, n, BLOCK: tl.constexpr):
    tl.store(peak_ptr, 0.0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.atomic_max(peak_ptr, tl.max(tl.abs(x), axis=0))


def bucket_counts(ids, buckets):
    counts = torch.empty(buckets, device=ids.device, dtype=torch.int32)
    _clear_kernel[(triton.cdiv(buckets, 256),)](counts, buckets, BLOCK=256)
    _bucket_kernel[(triton.cdiv(ids.numel(), 256),)](ids, counts, ids.numel(), BLOCK=256)
    return counts


def single_peak(x):
    peak = torch.empty(1, device=x.device, dtype=torch.float32)
    _single_peak_kernel[(1,)](x, peak, x.numel(), BLOCK=1024)
    return peak
