import torch


def measure(fn, x, n_iter=100):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    total = 0.0
    for i in range(n_iter):
        side = torch.cuda.Stream()  # expect: benchmark-timing-window
        start.record()
        with torch.cuda.stream(side):
            fn(x)
        end.record()
        torch.cuda.synchronize()
        total += start.elapsed_time(end)
    return total / n_iter
