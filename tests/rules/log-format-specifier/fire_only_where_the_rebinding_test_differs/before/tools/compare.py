import logging

log = logging.getLogger("tools.compare")


def compare(ref, fast, slow=None):
    return abs(ref - fast)
