from aiter.ops.flydsl.moe_kernels import compile_stage, resolve_stage2_tile_k


def precompile(shapes):
    for m, tile_n, k in shapes:
        compile_stage(tile_n, resolve_stage2_tile_k(m, k))
