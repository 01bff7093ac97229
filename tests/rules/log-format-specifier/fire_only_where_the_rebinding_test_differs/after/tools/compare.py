import logging

log = logging.getLogger("tools.compare")


def compare(ref, fast, slow=None):
    with_slow = slow is not None and ref != 0
    slow_gap = None
    fast_gap = abs(ref - fast)
    if with_slow:
        slow_gap = abs(ref - slow) / abs(ref)
    if fast_gap > 1:
        log.warning("fast path off by %.4f", fast_gap)
    if with_slow:
        log.info("gaps: fast=%.4f slow=%.4f", fast_gap, slow_gap)
    if fast_gap > 2:
        log.info("slow gap %.4f", slow_gap)  # expect: log-format-specifier
    return fast_gap
