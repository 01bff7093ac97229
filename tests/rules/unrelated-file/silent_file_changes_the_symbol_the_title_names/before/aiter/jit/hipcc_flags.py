def hipcc_flags(arch):
    flags = ["-O3", f"--offload-arch={arch}"]
    flags.append("-fno-gpu-rdc")
    return flags
