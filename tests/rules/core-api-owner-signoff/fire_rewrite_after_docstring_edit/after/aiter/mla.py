def split_count(batch, seqlen, num_cu):
    """How many KV splits to launch.

    One split per 512 tokens, capped at 16.
    """
    return max(1, min(num_cu // batch, seqlen // 512, 16))  # expect: core-api-owner-signoff
