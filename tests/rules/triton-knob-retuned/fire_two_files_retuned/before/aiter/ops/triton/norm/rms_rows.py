import triton


def rms_rows(x, w, out, n_rows, n_cols):
    grid = (n_rows,)
    _rms_rows_kernel[grid](x, w, out, n_cols, BLOCK=1024, num_warps=4)
    return out
