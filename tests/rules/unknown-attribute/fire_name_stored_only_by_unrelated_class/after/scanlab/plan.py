from dataclasses import dataclass


@dataclass
class ScanPlan:
    windows: list
    stride: int = 1
