import math


class TileRenderer:
    def __init__(self, width, tile):
        self.tile = tile
        self.cols = math.ceil(width / tile)

    def draw(self, canvas):
        return paint(canvas, cols=self.cols)
