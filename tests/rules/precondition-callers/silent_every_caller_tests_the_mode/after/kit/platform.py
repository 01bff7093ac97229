def chip_name():
    return "gfx942"
