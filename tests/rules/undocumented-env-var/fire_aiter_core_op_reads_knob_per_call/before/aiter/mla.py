import torch


def mla_decode_fwd(q, kv_buffer, out, sm_scale, num_kv_splits=None):
    if num_kv_splits is None:
        num_kv_splits = 16 if q.shape[0] <= 8 else 4
    torch.ops.aiter.mla_decode(q, kv_buffer, out, sm_scale, num_kv_splits)
    return out
