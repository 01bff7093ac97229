import triton


def layer_rows(x, w, b, out, n_rows, n_cols):
    _layer_rows_kernel[(n_rows,)](
        x, w, b, out, n_cols,
        BLOCK=2048,
        num_stages=2,  # expect[note]: triton-knob-retuned
    )
    return out
