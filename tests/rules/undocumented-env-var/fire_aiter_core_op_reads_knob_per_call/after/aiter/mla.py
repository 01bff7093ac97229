import os

import torch


def mla_decode_fwd(q, kv_buffer, out, sm_scale, num_kv_splits=None):
    if num_kv_splits is None:
        pinned = os.environ.get("AITER_MLA_PIN_SPLITS")  # expect[note]: undocumented-env-var
        num_kv_splits = int(pinned) if pinned else (16 if q.shape[0] <= 8 else 4)
    torch.ops.aiter.mla_decode(q, kv_buffer, out, sm_scale, num_kv_splits)
    return out
