import torch


def moe_forward(hidden, w1, x_q_dtype=None):
    if x_q_dtype == "fp8":
        return gemm_a8w4(
            hidden,
            w1,
            out_dtype=torch.float8_e4m3fn,  # expect: hardcoded-dtype
        )
    return gemm_a16w4(hidden, w1)
