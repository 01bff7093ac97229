from dataclasses import dataclass


@dataclass
class Peer:
    host: str
    port: int = 0
