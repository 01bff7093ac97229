class TileRenderer:
    def __init__(self, width, tile):
        self.tile = tile
        self.tail = width % tile

    def draw(self, canvas):
        return paint(canvas, tail=0)

    def stats(self, canvas):
        print("tail", self.tail)
        return measure(canvas, tail=0)
