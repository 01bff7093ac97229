from dataclasses import dataclass
from typing import Optional


@dataclass
class Hello:
    node_id: str
    port: int
    region_offsets: Optional[list[int]] = None
    peer_ports: Optional[list[int]] = None


class Mesh:
    def __init__(self, node_id, port):
        self.node_id = node_id
        self.port = port
        # Filled per remote node as their hellos arrive.
        self.region_offsets: dict[str, list[int]] = {}
        self.peer_ports = {}

    def greet_push_mode(self):
        return Hello(node_id=self.node_id, port=self.port, region_offsets=None, peer_ports=None)
