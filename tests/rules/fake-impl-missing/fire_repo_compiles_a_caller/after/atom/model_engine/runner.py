import torch


class Runner:
    def __init__(self, model, eager=False):
        self.model = model if eager else torch.compile(model, fullgraph=True)

    def step(self, batch):
        return self.model(batch)
