import torch
from torch import nn

from aiter import fused_silu_mul_quant


class MlpLite(nn.Module):
    def forward(self, x: torch.Tensor, **kwargs) -> torch.Tensor:
        gate_up = self.gate_up_proj(x, **kwargs)
        act = torch.empty_like(gate_up[..., : self.inter_size])
        scale = torch.empty(x.shape[0], 1, dtype=torch.float32, device=x.device)
        fused_silu_mul_quant(act, scale, gate_up)
        act = act.to(torch.bfloat16)
        out = self.down_proj(act * (1.0 / 2.0), x_scale=scale, **kwargs)
        return out
