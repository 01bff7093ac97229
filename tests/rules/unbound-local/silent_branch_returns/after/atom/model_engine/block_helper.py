def block_size_for(kv_cache_dtype, page_size):
    if kv_cache_dtype == "fp8":
        block = page_size * 2
    elif kv_cache_dtype == "bf16":
        block = page_size
    else:
        raise ValueError(f"unsupported kv cache dtype {kv_cache_dtype}")
    return block


def tokens_for(budget, mode):
    if mode == "decode":
        per_seq = 1
    elif mode == "spec":
        per_seq = 4
    else:
        return budget
    return budget // per_seq
