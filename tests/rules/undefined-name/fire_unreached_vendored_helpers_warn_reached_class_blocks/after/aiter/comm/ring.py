import torch

from .host_info import node_name
from .links import peer_link_ok


def _every_link_ok(world: int) -> bool:
    return all(peer_link_ok(0, peer) for peer in range(1, world))


class RingReducer:
    def __init__(self, world: int):
        self.world = world
        self.host = node_name()
        # upstream checked the links first; not needed on a single node:
        # if not _every_link_ok(world): raise RuntimeError("no p2p")
        self.buffer = torch.empty(0)

    def reduce(self, x: torch.Tensor) -> torch.Tensor:
        if self.world == 1:
            return x
        return launch_ring(self.buffer, x)  # expect[red]: undefined-name


def make_reducer(world: int) -> RingReducer:
    return RingReducer(world)
