def default_flags():
    return ["-O3"]
