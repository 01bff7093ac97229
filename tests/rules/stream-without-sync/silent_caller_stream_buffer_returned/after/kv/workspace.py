import torch

_SCRATCH = {}


def scratch_for(stream: torch.cuda.Stream, numel: int):
    # One scratch pair per stream; the caller launches its kernels on that same stream.
    key = id(stream)
    lock, flags = _SCRATCH.get(key, (None, None))
    with torch.cuda.stream(stream):
        if lock is None:
            lock = torch.zeros((numel,), dtype=torch.int32, device=stream.device)
            flags = torch.zeros((numel,), dtype=torch.int32, device=stream.device)
            _SCRATCH[key] = (lock, flags)
    return lock, flags
