from typing import Dict, List

from routekit.peer import Peer


def hosts(peers: Dict[str, Peer]):
    return sorted(peers)
