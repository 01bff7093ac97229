class Mixer:
    def __init__(self, gain):
        self.gain = gain

    def blend(self, x):
        return mix(
            x,
            gain=None,  # self.gain
        )
