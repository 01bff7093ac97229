import triton
import triton.language as tl


@triton.jit
def _copy_kernel(src_ptr, dst_ptr, M, K, BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    offs_m = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    row_ok = offs_m < M
    tl.store(dst_ptr + offs_m * K, tl.zeros((BLOCK_M,), dtype=tl.float32), mask=row_ok)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        offs_k = k * BLOCK_K + tl.arange(0, BLOCK_K)
        tile = tl.load(src_ptr + offs_m[:, None] * K + offs_k[None, :], mask=row_ok[:, None] & (offs_k[None, :] < K))
        ptrs = dst_ptr + offs_m[:, None] * K + offs_k[None, :]
        tl.store(ptrs, tile)  # expect[red]: triton-unmasked-access
