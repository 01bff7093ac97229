import functools

import torch

import aiter
from aiter import (
    dtypes,
    get_cu_num,
    logger,
    mla_reduce_v1,
    mla_stage1_asm_fwd,
)


@functools.lru_cache(maxsize=32)
def pick_split(batch, heads):
    cu = get_cu_num()
    if batch * heads >= 2 * cu:  # expect: core-api-owner-signoff
        return 1
    return max(1, cu // (batch * heads))


def decode(q, kv, out):
    splits = pick_split(q.shape[0], q.shape[1])
    logger.debug("splits=%d", splits)
    mla_stage1_asm_fwd(q, kv, out, splits)
    if splits > 1:
        mla_reduce_v1(out, splits)
    return out.to(dtypes.bf16)
