import torch

from aiter.ops import gather_pages


class KvLoader:
    def __init__(self):
        self.side = torch.cuda.Stream(priority=-1)

    def load(self, pages, table, scale):
        staged = gather_pages(pages, table, stream=self.side)
        scaled = staged * scale  # expect: stream-without-sync
        return scaled
