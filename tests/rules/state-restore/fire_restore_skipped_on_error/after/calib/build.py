import torch


class Calibrator:
    def __init__(self, spec):
        self.spec = spec
        self.strict = True

    def half_model(self):
        previous = torch.get_default_dtype()
        torch.set_default_dtype(torch.float16)
        model = construct(self.spec)
        torch.set_default_dtype(previous)  # expect: state-restore
        return model

    def lenient_pass(self, batch):
        was_strict = self.strict
        self.strict = False
        scores = [score(x) for x in batch]
        self.strict = was_strict  # expect: state-restore
        return scores
