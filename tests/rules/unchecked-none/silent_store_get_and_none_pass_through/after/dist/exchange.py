import os


def publish(store, rank, path):
    store.set(f"sock/{rank}", path.encode())


def handshake(store, rank, peers, path):
    store.set(f"sock/{rank}", path.encode())
    # A distributed store's get waits for the peer's key (or times out): it is never None.
    return [store.get(f"sock/{p}").decode() for p in peers if p != rank]


def _as_row(scale, width):
    if scale is None:
        return None
    return scale.reshape(1, width)


def apply_row_scale(x, scale):
    # None comes back only when None goes in; this caller's `scale` is not optional.
    row = _as_row(scale, x.shape[-1])
    return x * row.to(x.dtype)


def fd_count():
    return len(os.listdir("/proc/self/fd"))
