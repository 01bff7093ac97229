from pkg.check.close import close_enough


def verify(ref, res, label, atol=1e-2, rtol=1e-2, judge=None):
    if judge is not None:
        err = judge(ref, res, label=label, verbose=True)
    else:
        err = close_enough(ref, res, atol=atol, rtol=rtol, label=label, verbose=True)
    return err
