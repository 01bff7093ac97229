from relay.hosting import adapt_for_host


class LocalBuilder:
    def __init__(self, runner=None):
        self.block = runner.block


@adapt_for_host(fallback=LocalBuilder)
class PagedBuilder:
    def __init__(self, layout=None, layer_names=None, device=None, runner=None):
        self.block = runner.block * 2
