from gemmkit.ops import fused_add, scaled_copy
from torch.nn.functional import some_future_api

try:
    from gemmkit.optional_kernels import fast_path
except ImportError:
    fast_path = None


def forward(x, y):
    return scaled_copy(fused_add(x, y), 2.0, non_blocking=True)
