class Sampler:
    def forward(
        self,
        logits,
        temperatures,
        use_independent_noise: bool = False,  # expect: new-param-not-passed
    ):
        return _sample(logits, temperatures, use_independent_noise)
