import torch


class GraphRunner:
    """Replays a captured CUDA graph of the model's decode step."""

    def __init__(self, model, max_batch: int):
        self.model = model
        self.static_input = torch.zeros(max_batch, model.hidden, device="cuda")
        self.graph = torch.cuda.CUDAGraph()

    def capture(self):
        with torch.cuda.graph(self.graph):
            hidden = self.model(self.static_input)
            if hidden.abs().max().item() > 1e4:
                hidden = hidden / hidden.abs().max()
            self.static_output = hidden

    def replay(self, x):
        self.static_input.copy_(x)
        self.graph.replay()
        return self.static_output
