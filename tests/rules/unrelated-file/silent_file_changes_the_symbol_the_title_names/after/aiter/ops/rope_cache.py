def rope_cache(seq, dim):
    # hipcc flag order: nothing to change here for ROCm 7
    return [[i * j for j in range(dim)] for i in range(seq)]
