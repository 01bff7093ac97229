import torch


def prepare_fp8(layer):
    w_fp8, w_scale = torch.ops.quant.per_tensor(layer.weight)
    layer.weight_fp8 = w_fp8.contiguous()
    layer.weight_q = quantize_rows(layer.weight, torch.float8_e4m3fn)  # expect: weight-variant-kept
    layer.weight_scale_q = w_scale


def quantize_rows(w, dtype):
    return w.to(dtype)
