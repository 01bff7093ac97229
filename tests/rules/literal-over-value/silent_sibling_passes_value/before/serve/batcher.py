def run_full(plan, tokens):
    return dispatch(tokens, starts=plan.starts, lengths=plan.lengths)
