from loomserve.attention.base import AttentionBackend


class WeaveBackend(AttentionBackend):
    def __init__(self, runner):
        super().__init__()
        self.runner = runner
