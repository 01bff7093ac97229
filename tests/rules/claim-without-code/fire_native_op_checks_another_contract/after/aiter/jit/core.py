def compile_ops(module, fc_name=None):
    def wrap(fn):
        return fn

    return wrap
