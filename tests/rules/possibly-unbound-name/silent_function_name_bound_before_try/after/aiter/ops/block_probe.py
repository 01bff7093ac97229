def probe_block_size(runtime, fallback=256):
    block = fallback
    try:
        block = runtime.query("max_block")
    except AttributeError:
        pass
    return block


def probe_warp(runtime, warp=None):
    try:
        warp = runtime.query("warp")
    except AttributeError:
        print("runtime cannot report warp size")
    return warp or 64


def probe_lds(runtime):
    try:
        lds = runtime.query("lds_bytes")
    except (AttributeError, KeyError):
        lds = 65536
    return lds // 1024


def probe_arch(runtime):
    try:
        arch = runtime.query("arch")
    except KeyError:
        print("arch unknown")
    arch = arch_from_env() if runtime.offline else "gfx942"
    return arch.lower()


def arch_from_env():
    return "gfx950"
