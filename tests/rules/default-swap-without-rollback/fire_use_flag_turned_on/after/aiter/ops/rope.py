def apply_rope(q, k, cos, sin, use_fused_kernel=True):  # expect: default-swap-without-rollback
    if use_fused_kernel:
        return _fused(q, k, cos, sin)
    return _reference(q, k, cos, sin)
