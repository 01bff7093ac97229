def heading_level(line):
    return len(line) - len(line.lstrip("#"))
