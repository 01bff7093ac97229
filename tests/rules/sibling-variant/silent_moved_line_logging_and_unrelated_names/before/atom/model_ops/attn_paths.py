def attention_decode(q, k, block_table, scale):
    idx = block_table[:, 0] * 16 + q.shape[0]
    print("decode step", q.shape)
    return (q @ k.T)[idx] * scale


def attention_prefill(q, k, block_table, scale):
    idx = block_table[:, 0] * 16 + q.shape[0]
    print("decode step", q.shape)
    return (q @ k.T)[idx] * scale


def moe_decode(x, w, expert_ids):
    rows = expert_ids.shape[0] * 2 + x.shape[-1]
    return x[:rows] @ w


def norm_decode(x, w, expert_ids):
    rows = expert_ids.shape[0] * 2 + x.shape[-1]
    return x[:rows] * w
