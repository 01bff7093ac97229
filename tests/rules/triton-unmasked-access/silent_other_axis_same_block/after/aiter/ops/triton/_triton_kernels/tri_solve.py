import triton
import triton.language as tl


@triton.jit
def _tri_solve_kernel(A, T, BC: tl.constexpr):
    i_t = tl.program_id(0) * BC
    o_r = i_t + tl.arange(0, BC)
    o_col = tl.arange(0, BC)
    rows_ok = o_r < T
    tile = tl.load(A + o_r[:, None] * BC + o_col[None, :], mask=rows_ok[:, None], other=0.0)
    for i in range(1, tl.minimum(BC, T - i_t)):
        row = tl.load(A + (i_t + i) * BC + o_col)
        tile += row[None, :]
    tl.store(A + o_r[:, None] * BC + o_col[None, :], tile, mask=rows_ok[:, None])


@triton.jit
def _const_extent_kernel(A, B, BT: tl.constexpr, BC: tl.constexpr):
    o_i = tl.arange(0, BC)
    x = tl.load(A + o_i, mask=o_i < BT, other=0.0)
    y = tl.load(A + BC + o_i)
    tl.store(B + o_i, x + y)


@triton.jit
def _shifted_rows_kernel(A, T, BC: tl.constexpr):
    i_t = tl.program_id(0) * BC
    o_i = tl.arange(0, BC)
    o_c = i_t + o_i
    blk = tl.load(A + o_c[:, None] * BC + o_i[None, :], mask=(o_c < T)[:, None], other=0.0)
    for i in range(1, tl.minimum(BC, T - i_t)):
        blk += tl.load(A + (i_t + i) * BC + o_i)[None, :]
    tl.store(A + o_c[:, None] * BC + o_i[None, :], blk, mask=(o_c < T)[:, None])
