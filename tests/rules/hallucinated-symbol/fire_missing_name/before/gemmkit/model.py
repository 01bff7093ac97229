from gemmkit.ops import fused_add


def forward(x, y):
    return fused_add(x, y)
