from torch import nn

from atom.utils import shuffle_weight


class FusedMoE(nn.Module):
    def process_weights_after_loading(self):
        # Replaces the original under its own name: one copy stays resident.
        self.w13_weight = nn.Parameter(shuffle_weight(self.w13_weight, (16, 16)), requires_grad=False)
