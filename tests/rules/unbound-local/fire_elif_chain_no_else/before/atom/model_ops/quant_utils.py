import torch


def quantize_input(x: torch.Tensor, quant_dtype):
    x_q = x.to(quant_dtype)
    return x_q, None
