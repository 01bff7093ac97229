from aiter import logger


def solve(m, n, k):
    try:
        return lookup(m, n, k)
    except KeyError:
        logger.info("tuned lookup failed for (%s, %s, %s); using hipblaslt", m, n, k)
        return "hipblaslt"


def lookup(m, n, k):
    raise KeyError(m)
