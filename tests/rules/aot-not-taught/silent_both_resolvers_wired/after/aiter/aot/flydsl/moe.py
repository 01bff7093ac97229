from aiter.ops.flydsl.moe_kernels import compile_stage, resolve_stage1_tile_n, resolve_stage2_tile_k


def precompile(shapes):
    for m, n, k in shapes:
        compile_stage(resolve_stage1_tile_n(m, n), resolve_stage2_tile_k(m, k))
