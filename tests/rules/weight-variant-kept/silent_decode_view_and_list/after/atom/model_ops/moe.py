from torch import nn

from atom.utils import weight_decode_view


class FusedMoE(nn.Module):
    def process_weights_after_loading(self):
        # A decode view shares the weight's storage; a list of references copies nothing.
        self.w13_weight_decoded = weight_decode_view(self.w13_weight.data)
        self.expert_weight_refs = [self.w13_weight, self.w2_weight]
