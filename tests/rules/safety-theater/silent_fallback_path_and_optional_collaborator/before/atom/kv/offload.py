import torch


def pack_pages(pages: list) -> torch.Tensor:
    return torch.stack(pages)


class OffloadClient:
    def __init__(self, store=None):
        self._store = store
        self._stats = None

    def finish_request(self, req_id: int) -> None:
        self._pending.discard(req_id)
