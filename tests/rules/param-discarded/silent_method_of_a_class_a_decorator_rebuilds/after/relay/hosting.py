def adapt_for_host(fallback):
    def wrap(cls):
        return type(cls.__name__, (cls, fallback), {})
    return wrap
