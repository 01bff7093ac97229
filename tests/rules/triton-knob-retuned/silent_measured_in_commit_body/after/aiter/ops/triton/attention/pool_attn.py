import triton

from aiter.ops.triton._triton_kernels.attention.pool_attn import _pool_attn_kernel


def pool_attn(q, kv, out, topk_idx=None):
    T, H, D = q.shape
    if topk_idx is not None:
        block_h = 16
        num_warps = 1
    else:
        block_h = 32
        num_warps = 2
    grid = (T, triton.cdiv(H, block_h))
    _pool_attn_kernel[grid](q, kv, out, H, D, topk_idx, BLOCK_H=block_h, num_warps=num_warps)
    return out
