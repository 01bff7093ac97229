import torch


def build_penalty(logits: torch.Tensor, temperature, top_p):
    if temperature > 0:
        penalty = logits / temperature
    if top_p < 1.0:
        penalty = torch.softmax(logits, dim=-1)
    return penalty.clamp(min=0)  # expect[red]: unbound-local
