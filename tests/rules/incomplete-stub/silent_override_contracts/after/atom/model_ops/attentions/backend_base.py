from abc import ABC, abstractmethod
from typing import Protocol

import torch


class AttentionBackend(ABC):
    @abstractmethod
    def forward(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError


class KVLayoutBase:
    def kv_cache_shape(self, num_blocks: int, block_size: int):
        raise NotImplementedError

    def on_capture_begin(self):
        pass


class MetadataBuilder:
    def build(self, batch):
        """Returns the attention metadata of one batch."""
        raise NotImplementedError

    def reset(self):
        pass


class MLAMetadataBuilder(MetadataBuilder):
    def build(self, batch):
        return {"kv_indptr": batch.kv_indptr}


class SupportsCapture(Protocol):
    def capture(self, bs: int) -> None:
        pass
