def chunk_size(mode, budget):
    if mode == "prefill":
        size = budget
    elif mode == "decode":
        size = 1
    elif mode == "spec":
        size = 4
    return size
