_HOST = "standalone"


def attach(host):
    global _HOST
    _HOST = host


def on_loomserve():
    return _HOST == "loomserve"
