import torch

from atom.model_ops.kernels import fused_norm

# Which tile table each GPU generation uses; another arch than these two is a real deployment.
ARCH = torch.cuda.get_device_properties(0).gcnArchName.split(":")[0] if torch.cuda.is_available() else "cpu"
if ARCH == "gfx942":
    TILE_TABLE = "mi300"
elif ARCH == "gfx1201":
    TILE_TABLE = "navi48"


class NormOut(torch.nn.Module):
    def __init__(self, hidden: int, with_bias: bool = False):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.ones(hidden))
        self.with_bias = with_bias

    def forward(self, x):
        y = fused_norm(x, self.weight)
        if self.with_bias:
            shifted = y + 1.0
        return shifted  # expect[red]: unbound-local


def pick_layout(x, layout="blocked"):
    if layout == "row":
        stride = x.shape[-1]
    elif layout == "col":
        stride = 1
    return x.as_strided(x.shape, (stride, 1))  # expect[red]: unbound-local


def tile_for(n):
    if ARCH == "gfx942":
        tile = 256 if n > 4096 else 128
    return tile  # expect[red]: unbound-local


def graph_api():
    if torch.__version__ >= "2.4":
        capture = torch.cuda.graphs.make_graphed_callables
    return capture  # expect[red]: unbound-local
