from typing import Optional


def lookup(table, key):
    entry = table.get(key)
    return entry.value


def shrink(rows, keep: Optional[int] = None):
    return rows
