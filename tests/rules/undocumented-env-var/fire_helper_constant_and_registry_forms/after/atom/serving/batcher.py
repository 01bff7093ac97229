import os

_QUEUE_CAP_VAR = "ATOM_BATCHER_QUEUE_CAP"


def _int_knob(var, fallback):
    raw = os.environ.get(var)
    return fallback if raw is None else int(raw)


class Batcher:
    def __init__(self):
        self.max_wait_ms = _int_knob("ATOM_BATCHER_MAX_WAIT_MS", 5)  # expect[note]: undocumented-env-var
        self.queue_cap = int(os.getenv(_QUEUE_CAP_VAR, "1024"))  # same cause as the finding above: folded into it
