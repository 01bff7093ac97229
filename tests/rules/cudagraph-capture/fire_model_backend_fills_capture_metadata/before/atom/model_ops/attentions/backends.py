from abc import ABC, abstractmethod


class MetadataBuilderBase(ABC):
    @abstractmethod
    def build_for_cudagraph_capture(self, bs: int):
        raise NotImplementedError
