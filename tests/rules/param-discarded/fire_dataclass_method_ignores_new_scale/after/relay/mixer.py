from dataclasses import dataclass


@dataclass
class Mixer:
    ratio: float

    def mix(self, a, b, out_scale=None):  # expect: param-discarded
        return a * self.ratio + b * (1 - self.ratio)
