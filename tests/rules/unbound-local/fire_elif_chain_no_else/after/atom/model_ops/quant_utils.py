import torch


def quantize_input(x: torch.Tensor, quant_dtype, use_fp8: bool, use_int8: bool):
    if use_fp8:
        scale = x.abs().amax() / 448.0
    elif use_int8:
        scale = x.abs().amax() / 127.0
    x_q = (x / scale).to(quant_dtype)  # expect[red]: unbound-local
    return x_q, scale
