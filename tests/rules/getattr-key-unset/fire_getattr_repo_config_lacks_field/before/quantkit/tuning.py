from dataclasses import dataclass


@dataclass
class TunerConfig:
    group_size: int = 128
    symmetric: bool = True
