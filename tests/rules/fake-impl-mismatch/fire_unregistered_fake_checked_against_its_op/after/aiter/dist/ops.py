import torch

from aiter.jit.utils.torch_guard import torch_compile_guard


def ar_norm_fake(inp: torch.Tensor, res: torch.Tensor, w: torch.Tensor, eps: float) -> tuple[torch.Tensor, torch.Tensor]:
    return torch.empty_like(res), torch.empty_like(inp)


@torch_compile_guard(gen_fake=ar_norm_fake)
def ar_norm_(inp: torch.Tensor, res: torch.Tensor, w: torch.Tensor, eps: float) -> tuple[torch.Tensor, torch.Tensor]:
    return _run_norm(inp, res, w, eps)


def ar_norm_quant_fake(inp: torch.Tensor, res: torch.Tensor, w: torch.Tensor, eps: float) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    return torch.empty_like(res), torch.empty_like(inp), torch.empty(inp.shape[:-1] + (1,), dtype=torch.float32, device=inp.device())  # expect[red]: fake-impl-mismatch


@torch_compile_guard(gen_fake=ar_norm_fake)  # expect[red]: fake-impl-mismatch
def ar_norm_quant_(inp: torch.Tensor, res: torch.Tensor, w: torch.Tensor, eps: float) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    return _run_norm_quant(inp, res, w, eps)
