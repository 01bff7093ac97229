import aiter as rocm_aiter
import torch


class Sampler(torch.nn.Module):
    def __init__(self, vocab_size: int, deterministic: bool = False):
        super().__init__()
        self.vocab_size = vocab_size
        self.deterministic = deterministic

    def forward(self, logits: torch.Tensor, temperatures: torch.Tensor) -> torch.Tensor:
        probs = torch.softmax(logits.float(), dim=-1)
        return rocm_aiter.sample_from_probs(
            probs,
            temperatures,
            self.vocab_size,
            deterministic=self.deterministic,  # expect[warn]: aiter-keyword-before-merge
        )
