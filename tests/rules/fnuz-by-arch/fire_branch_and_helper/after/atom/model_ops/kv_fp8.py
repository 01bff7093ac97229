import torch


def load_kv(kv_cache, arch):
    use_fnuz = False
    if "gfx942" in arch:
        use_fnuz = True  # expect: fnuz-by-arch
    return kv_cache, use_fnuz


def cache_is_fnuz(kv_cache):
    return torch.cuda.get_device_properties(0).gcnArchName.startswith("gfx94")  # expect: fnuz-by-arch
