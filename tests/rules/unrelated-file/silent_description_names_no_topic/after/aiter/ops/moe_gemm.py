from aiter.ops.moe_sorting import moe_sorting


def moe_gemm(x, w, topk_ids, num_experts, token_scale=None):
    order, scale = moe_sorting(topk_ids, num_experts, token_scale)
    out = x[order] @ w
    return out if scale is None else out * scale
