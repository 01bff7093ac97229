from gemmkit import desc as dops


def tile(t, lo, hi, step):
    d = dops.make_desc(t)
    lo, hi = dops.advance_with_carry(lo, hi, step)
    return d, lo, hi
