from flydsl.dialects import arith
from flydsl.expr import T


def bf16_out(buf, idx, f16_ty):
    raw = buf.load(idx)
    return arith.bitcast(buf.load(idx + 1), f16_ty), raw  # expect: flydsl-bitcast-without-unwrap
