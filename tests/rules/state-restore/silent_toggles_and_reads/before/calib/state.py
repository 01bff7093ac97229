from calib import knobs


class Meter:
    def __init__(self):
        self.window = 8
