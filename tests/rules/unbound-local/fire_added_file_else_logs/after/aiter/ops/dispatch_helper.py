import logging

logger = logging.getLogger(__name__)


def pick_kernel(arch: str, head_dim: int):
    if arch == "gfx942":
        kernel = "fmha_fwd_v3"
    elif arch == "gfx950":
        kernel = "fmha_fwd_v3_gfx950"
    else:
        logger.warning("no tuned kernel for %s", arch)
    name = f"{kernel}_hd{head_dim}"  # expect[red]: unbound-local
    return name
