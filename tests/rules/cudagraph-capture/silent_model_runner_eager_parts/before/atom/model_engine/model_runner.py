import torch


class ModelRunner:
    def run_model(self, input_ids: torch.Tensor, bs: int):
        if self.enforce_eager:
            return self.model(input_ids, self.positions[:bs])
        graph_bs = next(x for x in self.graph_bs if x >= bs)
        self.graphs[graph_bs].replay()
        return self.outputs[:bs]

    def capture_cudagraph(self):
        for bs in self.graph_bs:
            graph = torch.cuda.CUDAGraph()
            with torch.cuda.graph(graph, self.graph_pool):
                self.outputs[:bs] = self.model(self.input_ids[:bs], self.positions[:bs])
            self.graphs[bs] = graph
