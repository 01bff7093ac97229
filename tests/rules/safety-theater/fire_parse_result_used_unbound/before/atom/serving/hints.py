def read_hints(header):
    return {}
