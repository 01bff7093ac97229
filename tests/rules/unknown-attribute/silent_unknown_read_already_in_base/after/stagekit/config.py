class StageConfig:
    def __init__(self, width):
        self.width = width
