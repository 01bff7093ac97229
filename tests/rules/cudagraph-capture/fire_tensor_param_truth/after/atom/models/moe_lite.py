from typing import Optional

import torch
from torch import nn


class MoeLiteBlock(nn.Module):
    def forward(self, hidden_states: torch.Tensor, expert_mask: torch.Tensor) -> torch.Tensor:
        router_logits = self.gate(hidden_states)
        if expert_mask:  # expect[red]: cudagraph-capture
            router_logits = router_logits.masked_fill(~expert_mask, float("-inf"))
        return self.experts(hidden_states, router_logits)
