def get_meta(q, dtype_q=None):
    return _impl(q, dtype_q)
