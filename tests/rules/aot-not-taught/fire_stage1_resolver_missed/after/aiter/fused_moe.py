from aiter.ops.flydsl.moe_kernels import compile_stage, resolve_stage1_tile_n, resolve_stage2_tile_k


def run(m, n, k):
    return compile_stage(resolve_stage1_tile_n(m, n), resolve_stage2_tile_k(m, k))
