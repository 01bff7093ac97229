import torch

from aiter.ops.handoff import stream_handoff


def prefetch(weights, side):
    with torch.cuda.stream(side):
        staged = weights.to("cuda", non_blocking=True)
    stream_handoff(staged)  # expect: stream-without-sync
    return staged.sum()
