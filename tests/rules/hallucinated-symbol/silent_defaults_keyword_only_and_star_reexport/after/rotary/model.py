import rotary
from rotary import lazy, neox_rotate


def embed(x, cos, sin):
    y = neox_rotate(x, cos, sin, is_neox=True)  # ok: keyword-only given by keyword
    z = rotary.gptj_rotate(y, cos)  # ok: sin has a default
    w = lazy.apply_rotary(z)  # ok: a module-level __getattr__ answers any name
    return rotary.neox_rotate(w, cos=cos, sin=sin, x=None, is_neox=False)
