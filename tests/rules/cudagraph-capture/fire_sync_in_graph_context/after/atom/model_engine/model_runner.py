import torch


class ModelRunner:
    def capture_cudagraph(self):
        self.graphs = {}
        input_ids = self.forward_vars["input_ids"].gpu
        outputs = self.forward_vars["outputs"]
        for bs in self.graph_bs:
            graph = torch.cuda.CUDAGraph()
            with torch.cuda.graph(graph, self.graph_pool):
                outputs[:bs] = self.model(input_ids[:bs], self.positions[:bs])
                torch.cuda.synchronize()  # expect[red]: cudagraph-capture
            self.graphs[bs] = graph
