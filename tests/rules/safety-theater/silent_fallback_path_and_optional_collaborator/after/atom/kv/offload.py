import torch

from atom.kv.kernels import pack_pages_fast


def pack_pages(pages: list) -> torch.Tensor:
    if len(pages) > 8:
        try:
            return pack_pages_fast(pages)
        except Exception:
            pass
    return torch.stack(pages)


class OffloadClient:
    def __init__(self, store=None, stats=None):
        self._store = store
        self._stats = stats

    def finish_request(self, req_id: int) -> None:
        self._pending.discard(req_id)
        if self._stats is not None:
            try:
                self._stats.forget(req_id)
            except Exception:
                pass
        if getattr(self, "_store", None) is None:
            return
        try:
            self._store.unpin(str(req_id))
        except Exception:
            pass

    def apply_extras(self, cfg, extras: dict) -> None:
        for key, value in extras.items():
            if hasattr(cfg, key):
                try:
                    setattr(cfg, key, value)
                except Exception:
                    pass
