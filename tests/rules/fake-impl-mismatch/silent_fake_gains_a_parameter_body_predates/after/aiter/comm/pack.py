import torch

from aiter.jit.utils.torch_guard import torch_compile_guard


def gather_scale_quant_fake(
    src: torch.Tensor,
    gamma: torch.Tensor,
    group: str,
    chunked: bool = False,
) -> tuple[torch.Tensor, torch.Tensor]:
    rows = src.shape[0]
    return (
        torch.empty_like(src),
        torch.empty((rows, 1), dtype=torch.float32, device=src.device()),
    )


@torch_compile_guard(gen_fake=gather_scale_quant_fake)
def gather_scale_quant_(
    src: torch.Tensor,
    gamma: torch.Tensor,
    group: str,
    chunked: bool = False,
) -> tuple[torch.Tensor, torch.Tensor]:
    return _launch(src, gamma, group, chunked)
