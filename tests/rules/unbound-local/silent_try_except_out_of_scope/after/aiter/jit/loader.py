import importlib


def load_module(name, fallback):
    try:
        if name.startswith("module_"):
            mod = importlib.import_module(name)
    except ImportError:
        mod = importlib.import_module(fallback)
    return mod
