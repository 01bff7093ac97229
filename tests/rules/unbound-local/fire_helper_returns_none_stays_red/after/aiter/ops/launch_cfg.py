import json
import os


def _read_table(kind):
    path = os.path.join(os.path.dirname(__file__), f"{kind}.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def launch_config(kind, rows):
    table = _read_table(kind)
    if table:
        cfg = table["small"] if rows < 64 else table["large"]
    return cfg  # expect[red]: unbound-local
