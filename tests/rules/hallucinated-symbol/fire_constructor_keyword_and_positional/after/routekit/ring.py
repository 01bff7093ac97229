from routekit import peer as peer_mod
from routekit.peer import Peer


def ring(hosts):
    return [Peer(h, timeout=3) for h in hosts]  # expect[red]: hallucinated-symbol


def pinned(host):
    return peer_mod.Peer(host, 80, 2, "tcp")  # expect[red]: hallucinated-symbol


def weighted(host):
    return Peer(host, 80, weight=2)
