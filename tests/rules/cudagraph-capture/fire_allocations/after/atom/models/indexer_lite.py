import torch
from torch import nn

from atom.utils.forward_context import get_forward_context


class IndexerLite(nn.Module):
    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:
        attn_metadata = get_forward_context().attn_metadata
        scores = torch.empty(  # expect[red]: cudagraph-capture
            hidden_states.shape[0], attn_metadata.max_seqlen_k, device=hidden_states.device
        )
        self.score_kernel(hidden_states, scores)
        return scores


class TopkLite(nn.Module):
    def forward(self, scores: torch.Tensor) -> torch.Tensor:
        self._topk_buf = torch.zeros(scores.shape[0], 2048, dtype=torch.int32, device=scores.device)  # expect[warn]: cudagraph-capture
        self.topk_kernel(scores, self._topk_buf)
        return self._topk_buf
