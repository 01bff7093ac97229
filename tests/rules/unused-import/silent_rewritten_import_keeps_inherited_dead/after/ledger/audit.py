from collections import OrderedDict, deque, Counter


def recent(events, n):
    window = deque(maxlen=n)
    for e in events:
        window.append(e)
    return list(window)


def tally(events):
    return Counter(events)
