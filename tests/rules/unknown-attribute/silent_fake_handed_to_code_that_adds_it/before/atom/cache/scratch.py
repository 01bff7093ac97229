import torch


def reserve_rows(store, rows):
    """Give `store` one staging row buffer per layer, shared by every later call."""
    shared = getattr(store, "staging_rows", None)
    if shared is None:
        shared = {lid: torch.empty(rows, store.width) for lid in store.layers}
        store.staging_rows = shared
    return shared
