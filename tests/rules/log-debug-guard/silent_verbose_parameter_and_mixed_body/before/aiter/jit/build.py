from aiter import logger


def build(name, verbose=False):
    return name
