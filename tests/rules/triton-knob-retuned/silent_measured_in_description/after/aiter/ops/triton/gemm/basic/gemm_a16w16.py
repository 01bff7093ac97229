import triton


def gemm_a16w16(a, b, c, M, N, K):
    grid = (triton.cdiv(M, 64) * triton.cdiv(N, 64),)
    _gemm_kernel[grid](
        a, b, c, M, N, K,
        BLOCK_M=64, BLOCK_N=64, BLOCK_K=64,
        num_warps=4,
        num_stages=3,
    )
    return c
