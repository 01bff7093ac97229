class Mixer:
    def __init__(self, gain, pan):
        self.gain = gain
        self.pan = pan

    def blend(self, x):
        return mix(
            x,
            gain=None,  # self.gain
            pan=self.pan,
        )

    def legacy(self, x):
        return mix(x, pan=0)  # self.pan
