def worker_port(base: int, rank: int, stride: int = 2) -> int:
    return base + rank * stride
