from typing import Dict, List

from routekit.peer import Peer


def hosts(peers: Dict[str, Peer]):
    out = []
    for name, peer in peers.items():
        out.append(f"{name}={peer.hostname}")  # expect[red]: unknown-attribute
    return out


def ports(ring: List[Peer], wanted):
    first = ring[wanted]
    for peer in ring:
        if peer.port == first.weight:  # expect[red]: unknown-attribute
            return peer
    return None
