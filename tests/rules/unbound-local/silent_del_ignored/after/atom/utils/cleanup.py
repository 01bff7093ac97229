def release(cache, keep):
    if keep:
        spare = cache.pop("spare")
        cache["buf"] = spare
    del spare
    return len(cache)
