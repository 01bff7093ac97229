def fused_norm(x, weight, residual, use_quant):
    if use_quant:
        x_scale = weight.abs().amax()
    out = x * weight
    if use_quant:
        out = out / x_scale
    if residual is not None:
        out = out + residual
    return out
