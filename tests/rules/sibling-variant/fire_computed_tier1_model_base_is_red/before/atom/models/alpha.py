from atom.models.rotary_base import RotaryBlock


class AlphaBlock(RotaryBlock):
    pass
