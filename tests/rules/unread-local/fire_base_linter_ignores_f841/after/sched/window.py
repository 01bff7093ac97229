def window(events, width):
    out = []
    longest = max((len(e) for e in events), default=0)  # expect[note]: unread-local
    for e in events:
        out.append(e[-width:])
    return out
