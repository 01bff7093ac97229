from attnkit.jit import compile_ops


@compile_ops("module_decode_plan", fc_name="plan_decode")
def plan_decode_impl(seqlens, num_heads, block_size, split_kv=True):
    ...


def plan_decode(seqlens, num_heads, block_size, split_kv=True, max_splits=None):
    if max_splits is not None and max_splits <= 1:
        split_kv = False
    return plan_decode_impl(seqlens, num_heads, block_size, split_kv)


def run_decode(q, kv, block_size, softmax_scale=None):
    plan = plan_decode(kv.seqlens, q.shape[1], block_size, split_kv=True)
    return q, plan
