class Stage:
    def run(self, batch):
        return batch


class Legacy:
    def step(self, x):
        return self.step(x)
