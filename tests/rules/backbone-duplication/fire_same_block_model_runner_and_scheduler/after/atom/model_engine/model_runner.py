def pad_batch(batch, graph_sizes):
    # Pick the smallest captured size that fits; fall back to eager above 512.
    target = None
    for size in sorted(graph_sizes):
        if size >= len(batch) and size <= 512:
            target = size
            break
    return target
