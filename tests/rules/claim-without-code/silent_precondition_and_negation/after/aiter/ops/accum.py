import threading

import torch


class Registry:
    def __init__(self):
        self._lock = threading.Lock()
        self._items = {}

    def add(self, key, value):
        """Thread-safe insert."""
        with self._lock:
            self._items[key] = value

    def get(self, key):
        """Not thread-safe with respect to add(); callers hold the GIL."""
        return self._items.get(key)


def accumulate(out: torch.Tensor, x: torch.Tensor) -> None:
    """Atomically add x into out.

    out must be zero-initialised by the caller; x need not be contiguous.
    Falls back to the default path on older GPUs.
    """
    torch.ops.aiter.accumulate(out, x)


class Backend:
    def run(self, x):
        """Subclasses must make x contiguous and raise ValueError on bad shapes."""
        raise NotImplementedError


def padded_rows(n, block):
    """Rows padded to the block.

    The config pins block to 256, so the result is always a multiple of 4 and of 128; staging
    buffers are zero-initialised by the allocator.
    """
    # iterating the safetensors handle directly raises TypeError, hence keys()
    return (n + block - 1) // block * block
