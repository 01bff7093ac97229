from attnkit.jit import compile_ops


@compile_ops("module_decode_plan")
def plan_decode(seqlens, num_heads, block_size, split_kv=True):
    ...


def run_decode(q, kv, block_size, softmax_scale=None):
    plan = plan_decode(kv.seqlens, q.shape[1], block_size, split_kv=True)
    return q, plan
