def worker_port(base: int, rank: int) -> int:
    return base + rank
