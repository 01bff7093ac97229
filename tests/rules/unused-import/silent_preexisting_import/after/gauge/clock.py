import time
import json


def now():
    return time.monotonic()


def dump(state):
    return repr(state)
