import torch

from atom.model_ops.kernels import aiter_rope_fwd, torch_rope, triton_rope


def _use_aiter_fused() -> bool:
    return torch.cuda.is_available()


def apply_rope(q, k, cos_sin, positions, is_neox=True):
    if _use_aiter_fused():
        return aiter_rope_fwd(q, k, cos_sin, positions, is_neox=is_neox, inplace=True)
    elif q.is_cuda and q.dtype == torch.bfloat16:
        return triton_rope(q, k, cos_sin, positions, is_neox=is_neox, inplace=True)
    else:
        return torch_rope(q, k, cos_sin, positions, is_neox=is_neox, inplace=True)  # expect: param-some-arms
