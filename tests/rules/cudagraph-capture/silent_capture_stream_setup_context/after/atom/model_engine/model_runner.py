import torch

from atom.distributed import graph_capture


class ModelRunner:
    def capture_cudagraph(self):
        with graph_capture() as capture_ctx:
            for bs in self.graph_bs:
                num_tokens = int(self.cu_seqlens_q[bs].item())
                warm = self.model(self.input_ids[:num_tokens], self.positions[:num_tokens])
                if warm.isnan().any():
                    raise RuntimeError(f"warm-up produced NaN at bs={bs}")
                graph = torch.cuda.CUDAGraph()
                with torch.cuda.graph(graph, self.graph_pool, stream=capture_ctx.stream):
                    self.outputs[:num_tokens] = self.model(self.input_ids[:num_tokens], self.positions[:num_tokens])
                self.graphs[bs] = graph
