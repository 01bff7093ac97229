def window(events, width):
    out = []
    longest = max((len(e) for e in events), default=0)  # ok: flake8 in CI reports F841 here
    for e in events:
        out.append(e[-width:])
    return out
