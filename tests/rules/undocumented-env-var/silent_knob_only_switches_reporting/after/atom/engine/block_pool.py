import logging
import os

from atom.utils import envs

logger = logging.getLogger(__name__)

_STATS_EVERY = int(os.environ.get("ATOM_BLOCK_POOL_STATS_EVERY", "0"))
_VERBOSE = os.getenv("ATOM_BLOCK_POOL_VERBOSE", "").lower() in ("1", "true")


class BlockPool:
    def __init__(self, num_blocks: int):
        self.free = list(range(num_blocks))
        self.steps = 0
        self.dump_on_take = _VERBOSE

    def take(self, n: int) -> list[int]:
        self.steps += 1
        taken, self.free = self.free[:n], self.free[n:]
        if _STATS_EVERY and self.steps % _STATS_EVERY == 0:
            logger.info("block pool: %d free after %d steps", len(self.free), self.steps)
        if self.dump_on_take:
            for b in taken:
                print(f"took block {b}")
        if envs.ATOM_TRACE_BLOCK_POOL:
            logger.debug("take(%d) -> %s", n, taken)
        return taken
