from typing import Optional

import torch
from torch import nn

from atom.utils import envs


class QwenLiteDecoderLayer(nn.Module):
    def forward(
        self,
        positions: torch.Tensor,
        hidden_states: torch.Tensor,
        residual: Optional[torch.Tensor],
    ) -> tuple[torch.Tensor, torch.Tensor]:
        if residual is None:
            residual = hidden_states
            hidden_states = self.input_layernorm(hidden_states)
        else:
            hidden_states, residual = self.input_layernorm(hidden_states, residual)
        if self.use_fused_qk_norm and envs.ATOM_ENABLE_QK_NORM_FUSION:
            hidden_states = self.self_attn(positions, hidden_states, fused_norm=True)
        else:
            hidden_states = self.self_attn(positions, hidden_states)
        for hook in self.post_attn_hooks:
            hidden_states = hook(hidden_states)
        if isinstance(self.mlp, nn.Identity):
            return hidden_states, residual
        return self.mlp(hidden_states), residual
