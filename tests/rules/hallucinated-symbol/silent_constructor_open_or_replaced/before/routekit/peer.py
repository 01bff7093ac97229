class Open:
    def __init__(self, host, **options):
        self.host = host
        self.options = options


class Made:
    def __new__(cls, *args, **kwargs):
        return super().__new__(cls)

    def __init__(self, host):
        self.host = host


class Inherits(Open):
    pass


def registered(cls):
    return cls


@registered
class Wrapped:
    def __init__(self, host):
        self.host = host
