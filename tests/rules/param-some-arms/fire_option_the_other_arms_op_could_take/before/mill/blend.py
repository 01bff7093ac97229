import torch

from mill import ops
from mill.layers import DenseFFN, ExpertFFN


class Blender:
    def apply(self, src, dst, gain):
        out = torch.empty_like(src)
        if src.dtype == torch.uint8:
            scale = torch.ones(src.shape[0], device=src.device)
            ops.mix_packed(src, dst, gain, out, scale)
            return out
        else:
            ops.mix(src, dst, gain, out)  # expect: param-some-arms
            return out


class Stage(torch.nn.Module):
    def __init__(self, cfg):
        super().__init__()
        if cfg.num_experts > 0:
            self.ffn = ExpertFFN(cfg.width, cfg.depth, cfg.act)
        else:
            self.ffn = DenseFFN(cfg.width, cfg.depth, cfg.act)  # expect: param-some-arms


def normed(src, weight, eps, quantize: bool = False):
    out = torch.empty_like(src)
    if not quantize:
        ops.norm(src, weight, eps, out)
        return out
    else:
        scale = torch.empty(src.shape[0], 1, device=src.device)
        ops.norm_quant(src, weight, eps, out, scale)  # expect: param-some-arms
        return out, scale
