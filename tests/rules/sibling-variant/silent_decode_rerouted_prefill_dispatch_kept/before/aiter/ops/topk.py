def top_k_decode(logits, rows, stride0, k):
    workspace = None
    if use_multiblock(rows, stride0):
        workspace = get_workspace(logits.device, rows)
    return _decode_kernel(logits, rows, stride0, k, workspace)


def top_k_prefill(logits, rows, stride0, k):
    workspace = None
    if use_multiblock(rows, stride0):
        workspace = get_workspace(logits.device, rows)
    return _prefill_kernel(logits, rows, stride0, k, workspace)
