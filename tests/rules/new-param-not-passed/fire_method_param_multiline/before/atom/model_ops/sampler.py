class Sampler:
    def forward(self, logits, temperatures):
        return _sample(logits, temperatures)
