import torch


class ModelRunner:
    def run_model(self, input_ids: torch.Tensor, bs: int):
        if self.enforce_eager:
            return self.model(input_ids, self.positions[:bs])
        num_tokens = int(self.cu_seqlens_q[bs].item())
        if num_tokens > self.max_graph_tokens:
            return self.model(input_ids, self.positions[:num_tokens])
        graph_bs = next(x for x in self.graph_bs if x >= bs)
        self.graphs[graph_bs].replay()
        return self.outputs[:bs]

    def capture_cudagraph(self):
        self.outputs = torch.zeros(max(self.graph_bs), self.hidden_size, device="cuda")
        self.slot_mapping = torch.full((max(self.graph_bs),), -1, dtype=torch.int64, device="cuda")
        if self.use_mrope:
            self.mrope_positions = torch.zeros(3, max(self.graph_bs), dtype=torch.int64, device="cuda")
        for bs in self.graph_bs:
            graph = torch.cuda.CUDAGraph()
            with torch.cuda.graph(graph, self.graph_pool):
                self.outputs[:bs] = self.model(self.input_ids[:bs], self.positions[:bs])
            self.graphs[bs] = graph
            torch.cuda.synchronize()
