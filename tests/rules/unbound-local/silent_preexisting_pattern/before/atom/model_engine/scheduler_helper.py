def chunk_size(mode, budget):
    if mode == "prefill":
        size = budget
    elif mode == "decode":
        size = 1
    return size
