from weave.mode import attach, on_loomserve


def _hook_into_loomserve():
    from loomserve.registry import register_backend

    @register_backend("weave")
    def make(runner):
        from weave.backends.loom_backend import WeaveBackend

        return WeaveBackend(runner)


def _register_all():
    _hook_into_loomserve()


def _args_from_loomserve(cfg):
    from loomserve.args import ServerArgs

    return ServerArgs.from_dict(cfg)


def install(host, cfg):
    attach(host)
    if on_loomserve():
        _register_all()
        return _args_from_loomserve(cfg)
    return cfg
