import torch

try:
    from fastsample import top_k_top_p as _fused_topk
    FUSED_SAMPLING = True
except ImportError:
    FUSED_SAMPLING = False

try:
    from fastsample import greedy
except ImportError:
    print("fastsample.greedy missing")

try:
    import sample_stats
except ImportError:
    pass


def _fused(logits: torch.Tensor, k: int, p: float) -> torch.Tensor:
    return _fused_topk(logits, k, p)


def sample(logits: torch.Tensor, k: int, p: float) -> torch.Tensor:
    if FUSED_SAMPLING and logits.is_cuda:
        return _fused(logits, k, p)
    probs = torch.softmax(logits, dim=-1)
    return torch.multinomial(probs, 1)


def argmax_sample(logits: torch.Tensor) -> torch.Tensor:
    pick = greedy if "greedy" in dir() and callable(greedy) else None
    return pick(logits) if pick is not None else logits.argmax(-1)


def record(logits: torch.Tensor) -> None:
    try:
        sample_stats.push(logits.float().mean().item())
    except Exception:
        return
