def rope_cache(seq, dim):
    return [[i * j for j in range(dim)] for i in range(seq)]
