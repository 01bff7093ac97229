import os

try:
    import amdsmi
except ImportError:
    pass


def gpu_count() -> int:
    return len(amdsmi.amdsmi_get_processor_handles())
