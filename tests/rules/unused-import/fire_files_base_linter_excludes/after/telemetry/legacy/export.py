import json
import gzip  # expect[note]: unused-import


def dump(samples, path):
    with open(path, "w") as fh:
        json.dump(samples, fh)
