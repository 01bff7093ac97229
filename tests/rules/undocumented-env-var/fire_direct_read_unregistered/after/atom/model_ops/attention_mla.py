import os

import torch

from atom.utils import envs


def use_persistent_mla(batch_size: int) -> bool:
    if os.environ.get("ATOM_MLA_FORCE_PERSISTENT", "0") == "1":  # expect[note]: undocumented-env-var
        return True
    return batch_size >= 64 and not envs.ATOM_USE_TRITON_GEMM
