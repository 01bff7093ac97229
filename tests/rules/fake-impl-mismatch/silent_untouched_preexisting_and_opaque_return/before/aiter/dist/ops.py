import torch

from aiter.jit.utils.torch_guard import torch_compile_guard


def pair_fake(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return torch.empty_like(x), torch.empty_like(x)


@torch_compile_guard(gen_fake=pair_fake)
def triple_(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    return _triple(x)


def helper_fake(x: torch.Tensor):
    return _shapes_like(x)


def unrelated(a):
    return a + 1
