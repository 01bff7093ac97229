from aiter import rmsnorm2d_fwd


class RMSNorm:
    def __init__(self, hidden_size, eps=1e-6):
        self.eps = eps
        self.hidden_size = hidden_size

    def forward(self, x, weight):
        return rmsnorm2d_fwd(x, weight, self.eps)
