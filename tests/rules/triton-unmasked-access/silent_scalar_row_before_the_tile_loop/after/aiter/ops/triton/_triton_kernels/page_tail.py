import triton
import triton.language as tl


@triton.jit
def _page_tail_kernel(table, cache, out, n_pages, stride_page, DIM: tl.constexpr, BLOCK: tl.constexpr):
    lane = tl.arange(0, DIM)
    # The newest page first: one row, read whole.
    page = tl.load(table + n_pages - 1)
    newest = tl.load(cache + page * stride_page + lane)
    acc = newest.to(tl.float32)
    for first in range(0, n_pages, BLOCK):
        idx = first + tl.arange(0, BLOCK)
        page = tl.load(table + idx, mask=idx < n_pages, other=0)
        rows = tl.load(cache + page[:, None] * stride_page + lane[None, :], mask=(idx < n_pages)[:, None], other=0.0)
        acc += tl.sum(rows.to(tl.float32), axis=0)
    tl.store(out + lane, acc)
