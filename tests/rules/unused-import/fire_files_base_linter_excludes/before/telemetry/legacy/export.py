import json


def dump(samples, path):
    with open(path, "w") as fh:
        json.dump(samples, fh)
