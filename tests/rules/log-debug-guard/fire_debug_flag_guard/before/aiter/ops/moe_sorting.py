from aiter import logger


def sort_tokens(topk_ids, num_experts):
    return topk_ids.argsort(dim=0)
