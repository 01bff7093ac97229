from torch import nn


class FusedMoE(nn.Module):
    def process_weights_after_loading(self):
        # A transposed view shares storage; a scale is not a weight copy.
        self.w2_weight_t = self.w2_weight.t()
        self.w13_scale_inv = 1.0 / self.w13_weight_scale
