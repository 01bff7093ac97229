from loomserve.attention.base import AttentionBackend  # expect: new-dependency


class WeaveBackend(AttentionBackend):
    def __init__(self, runner):
        super().__init__()
        self.runner = runner
