from gemmkit.ops import fused_add
import gemmkit.ops as kops


def forward(x, y):
    z = fused_add(x, y, alpha=0.5, eps=1e-6)  # expect[red]: hallucinated-symbol
    return kops.fused_gelu(z)  # expect[red]: hallucinated-symbol
