import torch

from aiter.jit.utils.torch_guard import torch_compile_guard


def gather_scale_fake(
    src: torch.Tensor,
    gamma: torch.Tensor,
    group: str,
    pad_to: int = 0,
) -> tuple[torch.Tensor, torch.Tensor]:
    rows = src.shape[0] if pad_to == 0 else -(-src.shape[0] // pad_to) * pad_to
    return (
        torch.empty_like(src),
        torch.empty((rows, 1), dtype=torch.float32, device=src.device()),  # expect[red]: fake-impl-mismatch
    )


@torch_compile_guard(gen_fake=gather_scale_fake)
def gather_scale_(
    src: torch.Tensor,
    gamma: torch.Tensor,
    group: str,
    pad_to: int = 0,
) -> tuple[torch.Tensor, torch.Tensor]:
    return _launch(src, gamma, group, pad_to)
