import torch
from torch import nn

from atom.utils.forward_context import get_forward_context


class HeadLite(nn.Module):
    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:
        fwd_ctx = get_forward_context()
        context = fwd_ctx.context
        if context.is_prefill and not context.is_draft:
            last = fwd_ctx.attn_metadata.cu_seqlens_q[1:] - 1
            hidden_states = hidden_states[last]
        if fwd_ctx.attn_metadata.slot_mapping.numel() == 0:
            return hidden_states
        if hidden_states.size(0) > 4096:
            hidden_states = self.chunked_logits(hidden_states)
        return self.lm_head(hidden_states)

    def on_forward_pass_end(self, flags: torch.Tensor) -> None:
        if flags.any():
            self.rebalance(torch.tensor(flags.tolist(), device="cuda"))
