import amdsmi


def num_xcd(device_id: int) -> int:
    handle = amdsmi.amdsmi_get_processor_handles()[device_id]
    return amdsmi.amdsmi_get_gpu_xcd_counter(handle)
