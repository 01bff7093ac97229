from flydsl.dialects import arith
from flydsl.expr import T


def to_bits(acc, scale):
    scaled = acc * scale
    return arith.bitcast(arith.unwrap(scaled), T.i32)
