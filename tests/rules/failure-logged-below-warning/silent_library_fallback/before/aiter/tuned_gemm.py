from aiter import logger


def solve(m, n, k):
    return "hipblaslt"
