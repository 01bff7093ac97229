import os
import re
import urllib3
from typing import Optional

LIMITS = {"tokens": 4096}


def first_fit(rows, need):
    for row in rows:
        if row.room >= need:
            return row
    return None


def token_budget(settings):
    cap = settings.get("tokens")
    if cap is None:
        raise ValueError("settings need a token cap")
    return cap * 2


def version_of(text):
    if (m := re.search(r"v[0-9]+", text)) is not None:
        return m.group(0)
    return "v0"


def threads():
    raw = os.environ.get("BUDGET_THREADS") or "4"
    return int(raw)


def pick(rows, need):
    row = first_fit(rows, need)
    assert row, "no row has room"
    return row.room


def label(settings):
    try:
        return settings.get("label").title()
    except AttributeError:
        return "unnamed"


def fetch(url):
    reply = urllib3.get(url)
    return reply.status


def widen(rows, scale: float | None = None):
    scale = 1.0 if scale is None else scale
    return [r.room * scale for r in rows]


def mode(settings):
    chosen = settings.get("mode", "greedy")
    return chosen.upper() + os.environ.get("MODE_SUFFIX", "").lower()


def drop_limit():
    if "tokens" in LIMITS:
        LIMITS.pop("tokens")


def describe(settings):
    unit = settings.get("unit")
    return unit.lower() if isinstance(unit, str) else "tok"


def blend(rows, weights: Optional[list] = None, mode="sum"):
    if mode == "weighted":
        return rows[0] * weights[0]
    return rows[0]
