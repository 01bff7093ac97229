import time

import torch


def timed(fn, *args):
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    out = fn(*args)
    end.record()
    end.wait()
    return out, start.elapsed_time(end) / 1e3
