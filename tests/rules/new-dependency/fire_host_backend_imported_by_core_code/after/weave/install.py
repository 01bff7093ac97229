from weave.backends.loom_backend import WeaveBackend
from weave.mode import attach


def install(host, cfg):
    attach(host)
    cfg["backend"] = WeaveBackend
    return cfg
