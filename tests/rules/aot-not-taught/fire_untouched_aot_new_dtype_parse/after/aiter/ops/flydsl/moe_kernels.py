def compile_stage(tile_n, tile_k):
    return (tile_n, tile_k)


def parse_act_dtype(name):  # expect: aot-not-taught
    return {"fp8": 1, "bf16": 2}[name]
