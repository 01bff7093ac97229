def split_tiles(extent, tile):
    return [(i, min(i + tile, extent)) for i in range(0, extent, tile)]


class Planner:
    def __init__(self, tile):
        self.tile = tile
