from gemmkit import fused_add, scaled_copy
import gemmkit


def forward(x, y):
    return gemmkit.scaled_copy(fused_add(x, y, 2.0), 0.5)
