import sys

sys.path.insert(0, "/home/dev/minikern")

import pandas as pd
import torch

from minikern import per_token_quant


def main():
    x = torch.randn(4096, 7168, device="cuda", dtype=torch.bfloat16)
    times = []
    for _ in range(10):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        per_token_quant(x)
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    print(pd.Series(times).describe())


if __name__ == "__main__":
    main()
