import torch


def chunk_scan(q, k, decay, chunk: int = 64):
    """Chunked scan over a bf16-only HIP kernel: q/k are fed as bf16, decay as fp32."""
    q = q.contiguous().to(torch.bfloat16)
    k = k.to(dtype=torch.bfloat16)
    decay = decay.float()
    state = new_state(q.shape, dtype=torch.bfloat16, device=q.device)
    lse = new_state(q.shape[:-1], dtype=torch.float32, device=q.device)
    scan_kernel(q, k, decay, state, lse, chunk)
    return state, lse
