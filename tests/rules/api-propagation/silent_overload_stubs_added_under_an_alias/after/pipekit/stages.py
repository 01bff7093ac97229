from pipekit.tracing import traced


class Stage:
    @traced(label="stage_forward")
    def forward(self, x):
        return x * 2
