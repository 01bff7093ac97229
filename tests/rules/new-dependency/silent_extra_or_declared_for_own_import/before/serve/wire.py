import json


def encode(obj):
    return json.dumps(obj).encode()
