import torch
from torch import nn

from atom.utils.forward_context import get_forward_context


class LinearAttnLite(nn.Module):
    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:
        gdn_metadata = get_forward_context().attn_metadata
        mixed = self.in_proj(hidden_states)
        if gdn_metadata.num_prefills > 0:
            out = self.chunked_prefill(mixed, gdn_metadata)
        elif gdn_metadata.num_decodes > 0:
            out = self.recurrent_decode(mixed, gdn_metadata)
        if gdn_metadata.spec_state_indices is not None:
            out = self.spec_fixup(out, gdn_metadata.spec_state_indices)
        return self.out_proj(out)
