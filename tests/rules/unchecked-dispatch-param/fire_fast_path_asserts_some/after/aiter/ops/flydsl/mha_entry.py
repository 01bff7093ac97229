import torch


def mha_varlen_fast(q, k, v, causal=False, dropout_p=0.0, window_size=(-1, -1), bias=None, block_table=None):
    """Returns None when the fast backend cannot take the call."""
    if q.shape[-1] == 192 and q.dtype == torch.bfloat16:  # expect[red]: unchecked-dispatch-param
        assert bias is None, "bias unsupported"
        return _fast_kernel(q, k, v, causal=causal)
    return None


def _fast_kernel(q, k, v, causal):
    return q
