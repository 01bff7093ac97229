# Expert-row gather, moved out of router.py; rows now start at the expert's slot.
import triton
import triton.language as tl


@triton.jit
def gather_expert_rows(w_ptr, out_ptr, ids_ptr, slot_ptr, stride_e, n_cols, BLOCK: tl.constexpr):
  pid = tl.program_id(0)
  cols = tl.arange(0, BLOCK)
  e = tl.load(ids_ptr + pid)
  slot = tl.load(slot_ptr + e)
  row = slot * stride_e  # expect: int32-index-overflow
  w = tl.load(w_ptr + row + cols, mask=cols < n_cols)
  tl.store(out_ptr + pid * n_cols + cols, w, mask=cols < n_cols)
