import torch


def plan_chunk(batch, cached_lens):
    new_tokens_host = batch.new_tokens.cpu()
    ctx_tokens = cached_lens + new_tokens_host
    longest_new = new_tokens_host.max().item()
    longest_ctx = new_tokens_host.max().item()  # expect: sibling-name-slip
    return longest_new, longest_ctx


def window_for(geom, pad_only):
    inner = geom.right_margin - geom.left_margin
    return Window(
        inner=inner,
        left_pad=geom.left_margin,
        right_pad=(
            0
            if pad_only
            else geom.left_margin  # expect: sibling-name-slip
        ),
    )
