def dispatch(tokens, starts=None, lengths=None, causal=True):
    return tokens


def run_full(plan, tokens):
    return dispatch(tokens, starts=plan.starts, lengths=plan.lengths)


def run_uniform(plan, tokens):
    # The callee's own default: the same as leaving the argument out.
    n = plan.lengths.sum()
    return dispatch(tokens[:n], starts=plan.starts, lengths=None)


def run_maybe_packed(plan, tokens, lengths):
    if lengths is None:
        return dispatch(tokens, starts=plan.starts, lengths=None, causal=False)
    return dispatch(tokens, starts=plan.starts, lengths=lengths)


def run_padded(plan, tokens, starts):
    out = dispatch(tokens, starts=None, lengths=plan.lengths)  # padded rows start at zero by construction
    return out[starts]


def run_mode(tokens, causal):
    return send(tokens, causal=False) if causal else send(tokens, causal=True)
