import torch

from aiter.jit.utils.torch_guard import torch_compile_guard


def split_norm_fake(
    x: torch.Tensor,
    weight: torch.Tensor,
) -> tuple[
    torch.Tensor,
    torch.Tensor,
]:
    return torch.empty_like(x), torch.empty_like(x)


@torch_compile_guard(gen_fake=split_norm_fake)
def split_norm(
    x: torch.Tensor,
    weight: torch.Tensor,
) -> tuple[
    torch.Tensor,
    torch.Tensor,
]:
    normed = x * weight
    return normed, x - normed
