def hipcc_flags(arch):
    flags = ["-fno-gpu-rdc", "-O3"]
    flags.append(f"--offload-arch={arch}")
    return flags
