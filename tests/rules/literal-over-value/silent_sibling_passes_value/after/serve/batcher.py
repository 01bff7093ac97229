def run_full(plan, tokens):
    return dispatch(tokens, starts=plan.starts, lengths=plan.lengths)


def run_chunked(plan, tokens, chunk):
    if plan.lengths.max() > chunk:
        tokens = tokens[:chunk]
    return dispatch(tokens, starts=plan.starts, lengths=None)
