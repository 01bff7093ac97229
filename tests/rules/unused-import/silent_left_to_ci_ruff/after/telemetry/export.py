import json
import gzip  # ok: the repository's ruff check on pull requests reports F401 here


def dump(samples, path):
    with open(path, "w") as fh:
        json.dump(samples, fh)
