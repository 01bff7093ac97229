import torch


class Calibrator:
    def __init__(self, spec):
        self.spec = spec
        self.strict = True
