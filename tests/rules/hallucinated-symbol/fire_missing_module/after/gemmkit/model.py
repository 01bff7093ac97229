from gemmkit.ops import fused_add
from gemmkit.kernels.paged import paged_decode  # expect[red]: hallucinated-symbol


def forward(x, y):
    return paged_decode(fused_add(x, y))
