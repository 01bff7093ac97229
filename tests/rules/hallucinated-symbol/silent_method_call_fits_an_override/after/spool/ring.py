import torch


class Ring:
    def __init__(self, slots):
        self.slots = slots

    def claim(self, count):
        return count

    @staticmethod
    def align(count, to):
        return (count + to - 1) // to * to

    @property
    def size(self):
        return self.slots

    def claim_pair(self, count):
        # a WideRing arrives here too: its claim takes two arguments
        return self.claim(count, 2)  # ok: fits the override

    def aligned(self, count):
        return self.align(count, 8)  # ok: static method, no self


class WideRing(Ring):
    def claim(self, count, lanes):
        return count * lanes


class Buffer(torch.nn.Module):
    def forward(self, x):
        return x

    def twice(self, x):
        # `to` is nn.Module's: the lookup leaves the repository
        return self.forward(x) + self.to(x, 1, 2, 3)  # ok: outside the repository


class Swapped(Ring):
    def __init__(self, slots, picker):
        super().__init__(slots)
        self.claim = picker

    def use(self):
        return self.claim(1, 2, 3)  # ok: the instance stores its own `claim`
