import torch

_STAGED = {}
_H2D = torch.cuda.Stream()


def stage_and_score(step, host_tokens, weights):
    with torch.cuda.stream(_H2D):
        tokens = host_tokens.to("cuda", non_blocking=True)
        done = torch.cuda.Event()
        done.record(_H2D)
    _STAGED[step] = done
    # The event is published, but the scores are computed here, before anyone waits on it.
    return weights[tokens]  # expect[red]: stream-without-sync
