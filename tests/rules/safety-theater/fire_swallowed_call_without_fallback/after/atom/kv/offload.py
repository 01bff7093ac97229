import torch

from atom.kv.kernels import pack_pages_fast


def pack_pages(pages: list) -> torch.Tensor:
    out = None
    try:
        out = pack_pages_fast(pages)
        return out
    except Exception:  # expect: safety-theater
        pass


class OffloadClient:
    def __init__(self, store=None):
        self._store = store
        self._stats = None

    def finish_request(self, req_id: int) -> None:
        self._pending.discard(req_id)
        try:
            self._store.unpin(str(req_id))
        except Exception:  # expect: safety-theater
            pass
