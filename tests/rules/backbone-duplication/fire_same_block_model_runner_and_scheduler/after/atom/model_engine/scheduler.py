def choose_bucket(reqs, buckets):
    # Pick the smallest captured size that fits; fall back to eager above 512.
    chosen = None
    for b in sorted(buckets):
        if b >= len(reqs) and b <= 512:
            chosen = b
            break
    return chosen
