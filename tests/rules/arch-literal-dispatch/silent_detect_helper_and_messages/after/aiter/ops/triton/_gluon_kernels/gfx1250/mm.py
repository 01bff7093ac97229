def tile_for(arch):
    return 256 if arch == "gfx1250" else 128
