from flydsl.dialects import arith
from flydsl.expr import T


def to_bits(acc, scale):
    # Current FlyDSL spelling: the result type comes first and the value is unwrapped inside.
    return arith.bitcast(T.i32, acc * scale)
