from rotary import ops
from rotary.ops import rope_inplace, rope_ref


def go(q, cos, sin, extra):
    rope_inplace(q, cos, sin)  # ok: the decorator supplies `stream`
    rope_ref(q, *extra)  # ok: the unpacked tuple may carry every argument
    rope_ref(q, cos, **{"sin": sin, "offsets": None})  # ok: keywords unpacked
    return ops.rope_ref(q, cos, sin, offsets=None)


def local_shadow(q, cos, sin):
    def rope_ref(q, cos, sin):
        return q

    return rope_ref(q, cos, sin)  # ok: the nested def, not the module's
