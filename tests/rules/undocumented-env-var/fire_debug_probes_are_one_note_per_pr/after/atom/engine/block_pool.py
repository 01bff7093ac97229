import logging
import os

logger = logging.getLogger(__name__)


def _env_on(name: str) -> bool:
    return os.environ.get(name, "0") in ("1", "true", "True")


class BlockPool:
    def __init__(self, num_blocks: int):
        self.free = list(range(num_blocks))
        self.steps = 0

    def take(self, n: int) -> list[int]:
        self.steps += 1
        if os.environ.get("ATOM_POOL_TRACE") == "1":  # ok: named in the note at ATOM_POOL_PROBE
            head = self.free[:4]
            widths = []
            for start in (0, 2):
                widths.append(len(self.free[start:]))
            try:
                spread = max(self.free) - min(self.free)
            except ValueError as exc:
                spread = str(exc)
            print(f"take {n}: head={head} widths={widths} spread={spread}", flush=True)
        taken, self.free = self.free[:n], self.free[n:]
        return taken


def log_pool_probe(where: str, pool) -> None:
    if not _env_on("ATOM_POOL_PROBE"):  # expect[note]: undocumented-env-var
        return
    seen = {}
    for attr in ("free", "steps"):
        if hasattr(pool, attr):
            seen[attr] = getattr(pool, attr)
    logger.warning("pool probe at %s: %s", where, seen)
