import triton
import triton.language as tl


@triton.jit
def _paged_prefill(kv_ptr, out_ptr, pages_ptr, page_stride, n_pages, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    pid = tl.program_id(0)
    page_id = tl.load(pages_ptr + pid)
    cols = tl.arange(0, BLOCK)
    if EVEN:
        vals = tl.load(kv_ptr + page_id.to(tl.int64) * page_stride + cols)
    else:
        vals = tl.load(kv_ptr + page_id * page_stride + cols, mask=cols < n_pages, other=0.0)  # expect: sibling-variant
    tl.store(out_ptr + pid * BLOCK + cols, vals)
