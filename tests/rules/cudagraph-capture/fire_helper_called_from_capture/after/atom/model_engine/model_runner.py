import torch


class ModelRunner:
    def _captured_step(self, bs: int, accept_mask: torch.Tensor):
        hidden = self.model(self.input_ids[:bs], self.positions[:bs])
        if accept_mask.any():  # expect[red]: cudagraph-capture
            hidden = hidden * accept_mask.unsqueeze(-1)
        return hidden

    def capture_cudagraph(self):
        accept_mask = torch.ones(max(self.graph_bs), dtype=torch.bool, device="cuda")
        for bs in self.graph_bs:
            graph = torch.cuda.CUDAGraph()
            with torch.cuda.graph(graph, self.graph_pool):
                self.outputs[:bs] = self._captured_step(bs, accept_mask[:bs])
            self.graphs[bs] = graph
