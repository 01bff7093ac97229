import torch


class SideLogger:
    def __init__(self):
        self.side = torch.cuda.Stream()

    def log_norm(self, t):
        with torch.cuda.stream(self.side):
            norm = t.float().norm()
            self.sink(norm)
        return None

    def sink(self, v):
        pass
