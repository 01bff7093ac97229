import torch


def fused_moe(
    hidden_states,
    w1,
    w2,
    topk_ids,
    out=None,
):
    buf = out if out is not None else torch.empty_like(hidden_states)  # expect: core-api-owner-signoff
    return _moe_impl(hidden_states, w1, w2, topk_ids, buf)


def _moe_impl(x, w1, w2, ids, buf):
    return buf
