import torch

from mill.layers import DenseFFN, ExpertFFN


class Stage(torch.nn.Module):
    def __init__(self, cfg):
        super().__init__()
        if cfg.num_experts > 0 and cfg.index % cfg.expert_every == 0:
            self.ffn = ExpertFFN(cfg.width, cfg.depth, cfg.act)
        else:
            self.ffn = DenseFFN(cfg.width, cfg.depth, cfg.act)
