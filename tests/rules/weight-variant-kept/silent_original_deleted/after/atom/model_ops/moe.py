from torch import nn

from atom.utils import shuffle_weight


class FusedMoE(nn.Module):
    def process_weights_after_loading(self):
        self.w13_weight_shuffled = shuffle_weight(self.w13_weight, (16, 16))
        del self.w13_weight
