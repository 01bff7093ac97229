def top_k_decode(logits, rows, stride0, k):
    # decode always takes the one-block kernel (graph replay freezes stride0)
    return _decode_kernel(logits, rows, stride0, k, None)


def top_k_prefill(logits, rows, stride0, k):
    workspace = None
    if use_multiblock(rows, stride0):
        workspace = get_workspace(logits.device, rows)
    return _prefill_kernel(logits, rows, stride0, k, workspace)
