import torch

from relay.ops.norm import fused_norm


class Block:
    def __init__(self, w):
        self.w = w

    def forward(self, x):
        return fused_norm(x, self.w)

    def forward_eager(self, x):
        if not torch.cuda.is_current_stream_capturing():
            return fused_norm(x, self.w)
        return x
