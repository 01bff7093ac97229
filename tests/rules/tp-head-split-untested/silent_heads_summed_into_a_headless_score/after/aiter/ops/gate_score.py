import torch


def gate_bias(x):
    return x.mean(dim=-1)


def gate_scores(rows, keys, mix, n_heads):
    """
    Scores every key for every row; the heads are mixed into one score.

    rows:  [tokens, n_heads, width], bf16
    keys:  [num_keys, width], bf16
    mix:   [tokens, n_heads], fp32

    Returns:
    score: [tokens, num_keys], fp32
    """
    per_head = torch.einsum("thw,kw->thk", rows.view(-1, n_heads, rows.shape[-1]), keys)
    return (per_head * mix.unsqueeze(-1)).sum(dim=1)
