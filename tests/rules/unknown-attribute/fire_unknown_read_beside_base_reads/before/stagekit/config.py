class StageConfig:
    def __init__(self, width):
        self.width = width
        self.depth = 2 * width
