from gemmkit.ops import fused_add
from gemmkit.ops import fused_add_rmsnorm  # expect[red]: hallucinated-symbol


def forward(x, y):
    return fused_add_rmsnorm(fused_add(x, y))
