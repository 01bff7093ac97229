import torch


def _detect_gfx1201():
    name = torch.cuda.get_device_properties(0).gcnArchName
    if name.startswith("gfx1201"):
        return True
    return False


def describe(arch):
    """Routing note: "gfx942" takes the asm path."""
    label = "gfx950"
    print("running on", "gfx942" if arch else "unknown")
    return label
