from normkit.layer import rms_norm


class Block:
    def __init__(self, weight, scale):
        self.weight = weight
        self.scale = scale

    def forward(self, x):
        return rms_norm(x, self.weight, out_scale=self.scale)
