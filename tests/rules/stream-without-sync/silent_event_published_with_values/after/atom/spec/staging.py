import torch

_STAGED = {}
_H2D = torch.cuda.Stream()


def stage_draft_tokens(step, host_tokens, host_positions):
    # The consumer takes (tokens, positions, done) from _STAGED and waits on `done` first.
    with torch.cuda.stream(_H2D):
        tokens = host_tokens.to("cuda", non_blocking=True)
        positions = host_positions.to("cuda", non_blocking=True)
        done = torch.cuda.Event()
        done.record(_H2D)
    _STAGED[step] = (tokens, positions, done)


class DraftStager:
    def __init__(self):
        self.side = torch.cuda.Stream()
        self.pending = None

    def stage(self, host_tokens):
        with torch.cuda.stream(self.side):
            staged = host_tokens.to("cuda", non_blocking=True)
            marker = torch.cuda.Event()
            marker.record()
        self.pending = staged
        return marker
