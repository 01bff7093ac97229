import torch

try:
    import numba_kernels as nk
except ModuleNotFoundError:
    pass

try:
    from tilecc import compile_tile
except (ImportError, OSError):
    compile_tile = None
    pass

try:
    import tritonish
except ImportError:  # expect[red]: possibly-unbound-name
    pass


@tritonish.autotune(configs=[{"BLOCK": 64}, {"BLOCK": 128}])
def _pack_kernel(src, dst, n):
    return n


class Packer:
    def __init__(self, group: int):
        self.group = group

    def pack(self, w: torch.Tensor) -> torch.Tensor:
        return w.view(-1, self.group)

    def pack_fast(self, w: torch.Tensor) -> torch.Tensor:
        if compile_tile is not None:
            w = compile_tile(w)
        return nk.pack_rows(w, self.group)  # expect[warn]: possibly-unbound-name
