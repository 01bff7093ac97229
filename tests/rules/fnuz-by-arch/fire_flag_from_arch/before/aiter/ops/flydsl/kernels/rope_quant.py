from aiter.jit.utils.chip_info import get_hip_arch


def build_kernel(head_dim, quant):
    name = f"rope_quant_{head_dim}"
    return name
