import torch


def chunk_scan(q, k, decay, chunk: int = 64):
    """Chunked scan: the kernel follows q's dtype."""
    decay = decay.float()
    lse = new_state(q.shape[:-1], dtype=torch.float32, device=q.device)
    state = scan_kernel(q, k, decay, lse, chunk).to(torch.bfloat16)
    return combine(state, lse, out_dtype=torch.bfloat16)  # expect: hardcoded-dtype
