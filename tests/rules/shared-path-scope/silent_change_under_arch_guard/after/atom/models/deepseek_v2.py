import torch
from atom.utils import get_gfx


class DeepseekV2MLAAttention(torch.nn.Module):
    def forward(self, q, kv):
        num_kv_splits = 16
        self.on_gfx942 = get_gfx() == "gfx942"
        if get_gfx() == "gfx942":
            num_kv_splits = 32
        return self.decode(q, kv, num_kv_splits)
