from aiter.ops.moe_sorting import moe_sorting


def moe_gemm(x, w, topk_ids, num_experts):
    order = moe_sorting(topk_ids, num_experts)
    return x[order] @ w
