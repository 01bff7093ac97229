from atom.models.rotary_base import RotaryBlock


class GammaBlock(RotaryBlock):
    pass
