import os

from aiter import logger

DEBUG_SORT = os.environ.get("AITER_SORT_DEBUG", "0") == "1"


def sort_tokens(topk_ids, num_experts):
    if DEBUG_SORT:  # expect: log-debug-guard
        logger.info("sorting %s ids over %s experts", topk_ids.numel(), num_experts)
        logger.info("ids dtype %s", topk_ids.dtype)
    if os.getenv("AITER_MOE_VERBOSE"):  # same cause as the finding above: folded into it
        logger.warning("moe sort on %s", topk_ids.device)
    return topk_ids.argsort(dim=0)
