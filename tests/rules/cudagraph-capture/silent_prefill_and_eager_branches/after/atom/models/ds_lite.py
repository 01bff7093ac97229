import torch
from torch import nn

from atom.utils.forward_context import get_forward_context


class DsLiteAttention(nn.Module):
    def forward(self, positions: torch.Tensor, hidden_states: torch.Tensor) -> torch.Tensor:
        fwd_ctx = get_forward_context()
        q = self.q_proj(hidden_states)
        if fwd_ctx.context.is_prefill:
            max_len = fwd_ctx.attn_metadata.seq_lens.max().item()
            chunk = torch.empty(max_len, q.shape[-1], device=q.device)
            out = self.prefill(q, chunk)
        else:
            out = self.decode(q)
        if not torch.cuda.is_current_stream_capturing():
            self.stats.record(out.abs().max().item())
        if fwd_ctx.context.is_decode:
            out = self.post_decode(out)
        else:
            lens = fwd_ctx.attn_metadata.seq_lens.tolist()
            out = self.post_prefill(out, lens)
        return self.o_proj(out)
