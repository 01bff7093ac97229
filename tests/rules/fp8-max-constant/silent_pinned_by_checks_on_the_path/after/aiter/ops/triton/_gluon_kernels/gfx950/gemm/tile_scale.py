@gluon.jit
def tile_scale(acc, HAS_F8: gl.constexpr):
    if HAS_F8:
        acc = acc * (1.0 / 448.0)  # clamp range of the e4m3 codes this arch reads
    return acc
