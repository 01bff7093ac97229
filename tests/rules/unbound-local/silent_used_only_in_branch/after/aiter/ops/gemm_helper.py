def maybe_log_splitk(m, n, k, verbose):
    if verbose:
        splitk = max(1, k // 4096)
        print(f"m={m} n={n} k={k} splitk={splitk}")
    return m * n
