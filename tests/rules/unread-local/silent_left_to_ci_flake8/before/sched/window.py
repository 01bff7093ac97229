def window(events, width):
    out = []
    for e in events:
        out.append(e[-width:])
    return out
