def per_token_quant(x, scale=None, dtype="fp8"):
    return _impl(x, scale, dtype)


def _impl(x, scale, dtype):
    return x
