def split_tiles(extent, tile):
    return [(i, min(i + tile, extent)) for i in range(0, extent, tile)]


class Planner:
    def __init__(self, tile):
        self.tile = tile

    def split_tiles(self, extent):
        """Tiles of this planner's size."""
        tile = self.tile
        return self.split_tiles(extent, tile)  # expect[red]: unconditional-recursion
