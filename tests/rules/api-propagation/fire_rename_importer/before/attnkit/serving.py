from attnkit.decode import plan_decode, run_decode  # expect[red]: api-propagation


def step(q, kv):
    plan_decode(kv.seqlens, 8, 16)
    return run_decode(q, kv, 16, softmax_scale=0.125)
