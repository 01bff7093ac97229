import torch

try:
    import numba_kernels as nk
except ModuleNotFoundError:
    pass


class Packer:
    def __init__(self, group: int):
        self.group = group

    def pack(self, w: torch.Tensor) -> torch.Tensor:
        return w.view(-1, self.group)
