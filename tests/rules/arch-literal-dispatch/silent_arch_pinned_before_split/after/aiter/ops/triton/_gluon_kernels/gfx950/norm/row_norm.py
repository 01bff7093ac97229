def row_norm_config(arch_name):
    # this kernel tree is compiled for one arch only; the split below picks a sub-variant
    if arch_name == "gfx942":
        return {"vec": 4}
    return {"vec": 8}
