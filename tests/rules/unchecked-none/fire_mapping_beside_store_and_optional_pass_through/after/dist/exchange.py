import os


def publish(store, rank, path):
    store.set(f"sock/{rank}", path.encode())


def handshake(store, rank, peers, path, cache):
    store.set(f"sock/{rank}", path.encode())
    # `cache` is a dict: the store beside it says nothing about its keys.
    hit = cache.get(rank)
    return hit.decode()  # expect: unchecked-none


def _as_row(scale, width):
    if scale is None:
        return None
    return scale.reshape(1, width)


def apply_row_scale(x, scale=None):
    # This caller's `scale` defaults to None: the pass-through hands the None on.
    row = _as_row(scale, x.shape[-1])
    return x * row.to(x.dtype)  # expect: unchecked-none


def fd_count():
    return len(os.listdir("/proc/self/fd"))
