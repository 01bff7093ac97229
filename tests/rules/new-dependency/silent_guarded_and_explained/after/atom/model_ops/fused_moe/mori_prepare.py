from typing import TYPE_CHECKING

try:
    import mori
    from triton_kernels.matmul_ogs import matmul_ogs
except ImportError:
    mori = None
    matmul_ogs = None

if TYPE_CHECKING:
    from vllm.config import VllmConfig

# amdsmi ships with the ROCm install (not on PyPI); ATOM only runs on ROCm.
import amdsmi
import rccl  # provided by the ROCm image
