import time

import torch

from aiter.jit import build_fused_gemm_module


def bench(M, N, K, iters=50):
    x = torch.randn(M, K, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(N, K, device="cuda", dtype=torch.bfloat16)
    times = []
    for _ in range(iters):
        mod = build_fused_gemm_module(M, N, K)  # expect: benchmark-timing-window
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        mod.run(x, w)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    return sum(times) / len(times) * 1e6
