import torch

from aiter.jit.utils.torch_guard import torch_compile_guard


def route_fake(logits: torch.Tensor, k: int) -> tuple[torch.Tensor, torch.Tensor]:
    t = logits.shape[0]
    return (
        torch.empty((t, k), dtype=torch.float32, device=logits.device),
        torch.empty((t, k), dtype=torch.int32, device=logits.device),
    )


@torch_compile_guard(gen_fake=route_fake)
def route_with_counts_(
    logits: torch.Tensor, k: int, renormalize: bool = False
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    weights, ids = torch.topk(logits.softmax(-1), k, dim=-1)
    if renormalize:
        weights = weights / weights.sum(-1, keepdim=True)
    counts = torch.bincount(ids.flatten(), minlength=logits.shape[-1])
    return weights, ids.to(torch.int32), counts
