from relay.runtime import host_name


class PagedLayer:
    def __init__(self, width):
        self.width = width
        self.impl = None
