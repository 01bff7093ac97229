import os

_here = os.path.dirname(os.path.abspath(__file__))


def config_path(name: str) -> str:
    return os.path.join(_here, "configs", name)
