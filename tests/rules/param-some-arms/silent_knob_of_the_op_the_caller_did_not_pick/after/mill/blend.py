from typing import Optional

import torch

from mill import ops
from mill.layers import DenseFFN, ExpertFFN


class Blender:
    def apply(self, src, dst, gain, packed: bool = False, two_pass: bool = True):
        out = torch.empty_like(src)
        if packed:
            scale = torch.ones(src.shape[0], device=src.device)
            ops.mix_packed(src, dst, gain, out, scale, two_pass)
            return out, scale
        else:
            ops.mix(src, dst, gain, out)
            return out


class Stage(torch.nn.Module):
    def __init__(self, cfg, side_stream: Optional[torch.cuda.Stream] = None):
        super().__init__()
        if cfg.num_experts > 0 and cfg.index % cfg.expert_every == 0:
            self.ffn = ExpertFFN(cfg.width, cfg.depth, cfg.act, side_stream=side_stream)
        else:
            self.ffn = DenseFFN(cfg.width, cfg.depth, cfg.act)
