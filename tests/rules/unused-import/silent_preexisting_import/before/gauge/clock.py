import time
import json


def now():
    return time.time()


def dump(state):
    return json.dumps(state)
