def split_count(batch, seqlen, num_cu):
    """How many KV splits to launch.

    One split per 1024 tokens.
    """
    return max(1, min(num_cu // batch, seqlen // 1024))
