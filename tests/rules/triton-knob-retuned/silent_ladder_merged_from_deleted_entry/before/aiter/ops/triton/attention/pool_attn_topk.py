import triton

from aiter.ops.triton._triton_kernels.attention.pool_attn import _pool_attn_kernel


def pool_attn_topk(q, kv, out, topk_idx):
    T, H, D = q.shape
    block_h = 16
    num_warps = 1
    grid = (T, triton.cdiv(H, block_h))
    _pool_attn_kernel[grid](q, kv, out, H, D, topk_idx, BLOCK_H=block_h, num_warps=num_warps)
    return out
