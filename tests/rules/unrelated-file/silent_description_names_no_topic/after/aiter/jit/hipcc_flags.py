def default_flags():
    return ["-O3", "-mcumode", "-fgpu-flush-denormals-to-zero"]
