from aiter.dist.communication_op import tensor_model_parallel_fused_allreduce_rmsnorm_quant


def fused_norm(x, residual, weight, eps):
    return tensor_model_parallel_fused_allreduce_rmsnorm_quant(
        x,
        residual,
        weight,
        eps,
    )
