from rotary.backend import fused_rotate


class Rotary:
    def __init__(self, cos, sin):
        self.cos, self.sin = cos, sin

    def forward(self, q, k):
        return fused_rotate(q, k, self.cos)  # expect[warn]: hallucinated-symbol
