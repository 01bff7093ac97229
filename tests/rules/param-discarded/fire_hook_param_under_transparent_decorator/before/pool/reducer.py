import torch

from pool.spans import timed


class Reducer:
    def reduce(self, hidden, lengths):
        raise NotImplementedError


class MeanReducer(Reducer):
    @torch.inference_mode()
    def reduce(self, hidden, lengths):
        return hidden.sum(0) / lengths


class LastReducer(Reducer):
    def reduce(self, hidden, lengths):
        return hidden[lengths - 1]
