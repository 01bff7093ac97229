from dataclasses import dataclass


@dataclass
class LaneMeta:
    width: int
    offsets: list
