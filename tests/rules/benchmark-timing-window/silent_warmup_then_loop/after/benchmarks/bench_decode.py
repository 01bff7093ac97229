import time

import torch

from atom.kernels import compile_decode_kernel


def bench(q, kv, iters=200):
    kern = compile_decode_kernel(q.shape[-1])
    for _ in range(5):
        kern(q, kv)
    torch.cuda.synchronize()
    samples = []
    for _ in range(iters):
        out = torch.empty_like(q)
        t0 = time.perf_counter()
        kern(q, kv, out=out)
        torch.cuda.synchronize()
        samples.append(time.perf_counter() - t0)
    return min(samples)
