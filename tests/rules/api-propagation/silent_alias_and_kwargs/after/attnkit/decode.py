from attnkit.jit import compile_ops


@compile_ops("module_decode_plan")
def plan_decode_v2(seqlens, num_heads, block_size, split_kv=True):
    ...


# Old name kept for callers outside this package.
plan_decode = plan_decode_v2


def run_decode(q, kv, block_size, **kwargs):
    plan = plan_decode_v2(kv.seqlens, q.shape[1], block_size, split_kv=True)
    return q, plan
