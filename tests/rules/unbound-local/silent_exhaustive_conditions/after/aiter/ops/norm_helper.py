def residual_out(x, residual):
    if residual is None:
        out = x
    elif residual is not None:
        out = x + residual
    return out


def mask_for(causal, seqlen):
    if causal:
        mask = "lower"
    elif not causal:
        mask = "none"
    return mask, seqlen


def pick_merge_kernel(A, kernels):
    assert A.shape[-1] in [16, 32, 64]
    B, T, H, BT = A.shape
    if BT == 16:
        merge_fn = kernels.solve_16
    elif BT == 32:
        merge_fn = kernels.merge_32
    elif BT == 64:
        merge_fn = kernels.merge_64
    return merge_fn
