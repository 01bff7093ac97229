import triton

from aiter.ops.kernels import _pa_decode_kernel, _pa_reduce_kernel, _pa_split_kernel


def paged_decode(out, q, k_cache, v_cache, block_tables, seq_lens, num_splits=1, kv_layout="NHD"):
    heads_first = kv_layout == "HND"
    if heads_first and q.shape[1] > 64:
        raise ValueError("HND cache supports at most 64 query heads")
    grid = (q.shape[0], q.shape[1], num_splits)
    if num_splits == 1:
        _pa_decode_kernel[grid](
            out, q, k_cache, v_cache, block_tables, seq_lens, BLOCK=64, HEADS_FIRST=heads_first
        )
    else:
        tmp = out.new_empty((num_splits,) + tuple(out.shape))
        _pa_split_kernel[grid](tmp, q, k_cache, v_cache, block_tables, seq_lens, BLOCK=64)  # expect: param-some-arms
        _pa_reduce_kernel[(q.shape[0],)](out, tmp, seq_lens, NUM_SPLITS=num_splits)
    return out
