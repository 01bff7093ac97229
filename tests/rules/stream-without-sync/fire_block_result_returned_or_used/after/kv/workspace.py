import torch

_SCRATCH = {}
_UPLOAD = torch.cuda.Stream()


def staged(host_rows):
    # The stream is the module's own: the caller cannot know the rows are still in flight.
    with torch.cuda.stream(_UPLOAD):
        rows = host_rows.to("cuda", non_blocking=True)
    return rows  # expect[red]: stream-without-sync


def scaled(stream: torch.cuda.Stream, host_rows, scale):
    with torch.cuda.stream(stream):
        rows = host_rows.to("cuda", non_blocking=True)
    return rows * scale  # expect[red]: stream-without-sync
