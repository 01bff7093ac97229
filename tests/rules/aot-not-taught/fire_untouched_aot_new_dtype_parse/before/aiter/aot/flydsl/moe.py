from aiter.ops.flydsl.moe_kernels import compile_stage


def precompile(shapes):
    for tile_n, tile_k in shapes:
        compile_stage(tile_n, tile_k)
