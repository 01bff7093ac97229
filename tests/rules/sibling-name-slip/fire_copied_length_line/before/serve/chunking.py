import torch


def plan_chunk(batch, cached_lens):
    new_tokens_host = batch.new_tokens.cpu()
    return new_tokens_host.sum().item()
