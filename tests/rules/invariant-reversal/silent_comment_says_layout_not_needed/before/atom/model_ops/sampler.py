import torch


def gather_logprobs(logits: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
    # torch.gather does not need a contiguous input; the copy only helped locality
    rows = logits.contiguous()
    return torch.gather(rows, -1, token_ids.unsqueeze(-1)).squeeze(-1)
