from aiter.ops.flydsl.moe_kernels import compile_stage, parse_act_dtype


def run(m, n, k, act="bf16"):
    return compile_stage(64, 128 * parse_act_dtype(act))
