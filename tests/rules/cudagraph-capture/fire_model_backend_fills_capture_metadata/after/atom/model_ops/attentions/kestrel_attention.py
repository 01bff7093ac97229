import torch

from atom.model_ops.attentions.backends import MetadataBuilderBase


class KestrelBuilder(MetadataBuilderBase):
    def __init__(self, runner):
        self.static = runner.static_buffers

    def build_for_cudagraph_capture(self, bs: int):
        # Capture reuses the static buffers; only their first bs rows are live.
        lens = self.static["kv_lens"][:bs]
        lens.fill_(1)
        tables = self.static["block_tables"][:bs]
        return {"kv_lens": lens, "block_tables": tables, "max_q": 1}
