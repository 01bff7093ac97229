class Runner:
    def __init__(self, scale=1):
        self.scale = scale

    def step(self, x):  # expect: api-propagation
        return x * self.scale
