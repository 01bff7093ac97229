from atom.models.rotary_base import RotaryBlock


class BetaBlock(RotaryBlock):
    pass
