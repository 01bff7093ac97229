import torch


def gate_bias(x):
    return x.mean(dim=-1)


def gate_scores(rows, keys, mix, n_heads):  # expect: tp-head-split-untested
    """
    Scores every key for every row and head.

    rows:  [tokens, n_heads, width], bf16
    keys:  [num_keys, width], bf16
    mix:   [tokens, n_heads], fp32

    Returns:
    score: [tokens, n_heads, num_keys], fp32
    """
    per_head = torch.einsum("thw,kw->thk", rows.view(-1, n_heads, rows.shape[-1]), keys)
    return per_head * mix.unsqueeze(-1)
