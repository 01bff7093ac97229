class LooseConfig:
    def __init__(self, **entries):
        for key, value in entries.items():
            setattr(self, key, value)


class LazyConfig:
    def __getattr__(self, name):
        return None


class Plain:
    rank = 0


def register(cls):
    cls.extra = 1
    return cls


@register
class Decorated:
    rank = 0
