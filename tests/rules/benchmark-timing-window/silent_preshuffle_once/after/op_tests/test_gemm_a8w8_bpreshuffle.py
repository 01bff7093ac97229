import torch

from aiter import gemm_a8w8_bpreshuffle
from aiter.ops.shuffle import shuffle_weight


def run_bench(x, weight, x_scale, w_scale, iters=100):
    # the weight is static: production shuffles it once when the model loads
    weight_shuffled = shuffle_weight(weight, layout=(16, 16))
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    for _ in range(10):
        gemm_a8w8_bpreshuffle(x, weight_shuffled, x_scale, w_scale)
    lat = []
    for _ in range(iters):
        start.record()
        gemm_a8w8_bpreshuffle(x, weight_shuffled, x_scale, w_scale)
        end.record()
        torch.cuda.synchronize()
        lat.append(start.elapsed_time(end))
    return sum(lat) / len(lat)
