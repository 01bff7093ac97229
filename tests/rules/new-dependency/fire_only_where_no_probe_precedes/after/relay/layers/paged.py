from relay.runtime import host_name


def serving_with_lightllm():
    return host_name() == "light-llm"


class PagedLayer:
    def __init__(self, width):
        self.width = width
        self.impl = None
        if serving_with_lightllm():
            from lightllm.common.paged import PagedImpl

            self.impl = PagedImpl(width)
        elif host_name() == "lmdeploy":
            import lmdeploy.pytorch.kernels as lk

            self.impl = lk.paged(width)
