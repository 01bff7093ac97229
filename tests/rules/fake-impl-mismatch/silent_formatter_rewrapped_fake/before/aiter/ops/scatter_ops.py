import torch

from aiter.jit.utils.torch_guard import torch_compile_guard


def scatter_pack_fake(src: torch.Tensor, idx: torch.Tensor, width: int) -> tuple[torch.Tensor, torch.Tensor]:
    return torch.empty_like(src), torch.empty((idx.shape[0], width), dtype=torch.int32, device=src.device())


@torch_compile_guard(gen_fake=scatter_pack_fake)
def scatter_pack_(src: torch.Tensor, idx: torch.Tensor, width: int) -> tuple[torch.Tensor, torch.Tensor]:
    return _scatter_pack(src, idx, width)


def gather_rows(src: torch.Tensor, idx: torch.Tensor):
    return src[idx]
