import torch

from atom.utils import envs


def use_persistent_mla(batch_size: int) -> bool:
    return batch_size >= 64 and not envs.ATOM_USE_TRITON_GEMM
