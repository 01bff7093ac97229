from flydsl.dialects import arith
from flydsl.expr import T


def to_bits(acc, scale):
    scaled = acc * scale
    return arith.bitcast(scaled, T.i32)  # expect[red]: flydsl-bitcast-without-unwrap
