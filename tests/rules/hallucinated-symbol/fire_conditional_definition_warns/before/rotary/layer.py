class Rotary:
    def __init__(self, cos, sin):
        self.cos, self.sin = cos, sin
