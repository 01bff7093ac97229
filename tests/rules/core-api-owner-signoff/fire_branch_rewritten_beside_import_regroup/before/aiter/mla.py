import functools

import aiter
import torch
from aiter import dtypes
from aiter import logger
from aiter import get_cu_num
from aiter import mla_stage1_asm_fwd
from aiter import mla_reduce_v1


@functools.lru_cache(maxsize=32)
def pick_split(batch, heads):
    cu = get_cu_num()
    if batch * heads >= cu:
        return 1
    return max(1, cu // (batch * heads))


def decode(q, kv, out):
    splits = pick_split(q.shape[0], q.shape[1])
    logger.debug("splits=%d", splits)
    mla_stage1_asm_fwd(q, kv, out, splits)
    if splits > 1:
        mla_reduce_v1(out, splits)
    return out.to(dtypes.bf16)
