from relay.runtime import host_name


class PagedLayer:
    def __init__(self, width):
        self.width = width
        self.impl = None
        if host_name() == "lmdeploy":
            self.impl = None
        else:
            import flashinfer  # expect: new-dependency

            self.impl = flashinfer.paged(width)
