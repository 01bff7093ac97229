import re


def heading_level(line):
    return len(line) - len(line.lstrip("#"))


def reflow(lines, width):
    out = []
    for line in lines:
        margin = re.match(r"^([ \t]*)", line).group(1)
        bullet = re.match("(?P<mark>[-*] )?", line.lstrip()).group("mark") or ""
        version = re.search(r"v(\d+)$", line).group(1)  # expect: unchecked-none
        out.append(margin + bullet + version + line.strip()[:width])
    return out
