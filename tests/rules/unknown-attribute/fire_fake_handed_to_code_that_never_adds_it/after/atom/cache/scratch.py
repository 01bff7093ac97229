import torch


def reserve_rows(store, rows):
    """Staging row buffers for `store`, one per layer; the caller keeps them."""
    return {lid: torch.empty(rows, store.width) for lid in store.layers}
