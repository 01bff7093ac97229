def pick_act_dtype(m, arch, bound):
    if arch != "gfx950" or m < bound:
        return "bf16"
    return "fp8"
