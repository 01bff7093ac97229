import torch


def gather_logprobs(logits: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
    rows = logits
    return torch.gather(rows, -1, token_ids.unsqueeze(-1)).squeeze(-1)
