def get_meta(q, dtype_q=None, dtype_q_nope=None):
    return _impl(q, dtype_q_nope or dtype_q)
