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


class WideRing(Ring):
    def claim(self, count, lanes):
        return count * lanes


class Buffer(torch.nn.Module):
    def forward(self, x):
        return x
