import torch

from aiter import top_k_sampling


def sample(logits, top_k):
    """Sample the next token with aiter's top-k kernel.

    Falls back to `torch_top_k_sampling` when aiter has no kernel for this vocab size.  # expect: claim-without-code
    """
    if top_k > 0:
        return top_k_sampling(logits, top_k)
    return torch.argmax(logits, dim=-1)
