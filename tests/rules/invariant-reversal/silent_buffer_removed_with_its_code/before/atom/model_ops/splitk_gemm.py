from aiter import gemm_a8w8, gemm_a8w8_splitk


def gemm(x, w, x_scale, w_scale, out, split_k: int):
    if split_k > 1:
        # must be zeroed: the split-k kernel atomically accumulates into partial
        partial = out.new_empty(out.shape)
        partial.zero_()
        gemm_a8w8_splitk(x, w, x_scale, w_scale, partial, split_k)
        return partial
    return gemm_a8w8(x, w, x_scale, w_scale, out)
