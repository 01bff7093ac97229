import torch
from torch import nn

from atom.utils.forward_context import get_forward_context


class MoeTboLite(nn.Module):
    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:
        num_tokens = hidden_states.shape[0]
        bs = get_forward_context().context.batch_size
        if num_tokens > 256:
            hidden_states = self.chunked_experts(hidden_states)
        if bs > 2 and self.enable_tbo:
            hidden_states = self.tbo_experts(hidden_states)
        for i in range(hidden_states.size(0) // 128):
            self.prefetch(i)
        return hidden_states
