from dataclasses import dataclass
from typing import Optional

import torch


@dataclass
class HeronMeta:
    lens: Optional[torch.Tensor]
    max_q: int
    total: int


class HeronMetadataBuilder:
    def __init__(self, runner):
        self.runner = runner

    def build(self, batch, bs: int) -> HeronMeta:
        lens = torch.tensor(batch.lens, device=self.runner.device)
        return HeronMeta(lens=lens, max_q=max(batch.q_lens), total=bs)

    def build_for_cudagraph_capture(self, bs: int) -> HeronMeta:
        # Heron has no static decode buffers yet, so the runner keeps it eager.
        return HeronMeta(lens=None, max_q=1, total=bs)
