from collections import OrderedDict, deque


def recent(events, n):
    window = deque(maxlen=n)
    for e in events:
        window.append(e)
    return list(window)
