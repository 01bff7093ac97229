from dataclasses import dataclass


@dataclass
class ScanPlan:
    windows: list
    stride: int = 1


class TiledPlan(ScanPlan):
    def tile(self, rows):
        self.tile_rows = rows
        return self
