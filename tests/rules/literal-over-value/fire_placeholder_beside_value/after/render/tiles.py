import math


class TileRenderer:
    def __init__(self, width, tile):
        self.tile = tile
        self.cols = math.ceil(width / tile)
        self.tail = width - (self.cols - 1) * tile

    def draw(self, canvas):
        return paint(
            canvas,
            cols=self.cols,
            tail=0,  # self.tail
        )

    def preview(self, canvas, scale):
        rows = canvas.visible_rows(scale)
        return paint(canvas, cols=self.cols, rows=None)
