def per_token_quant(x, dtype="fp8", scale=None):  # expect: core-api-owner-signoff
    return _impl(x, scale, dtype)


def _impl(x, scale, dtype):
    return x
