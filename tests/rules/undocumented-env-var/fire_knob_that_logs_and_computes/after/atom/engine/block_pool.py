import logging
import os

logger = logging.getLogger(__name__)

_DEBUG_POOL = os.getenv("ATOM_BLOCK_POOL_DEBUG", "0") == "1"  # expect[note]: undocumented-env-var


class BlockPool:
    def __init__(self, num_blocks: int):
        self.free = list(range(num_blocks))
        self.steps = 0

    def take(self, n: int) -> list[int]:
        self.steps += 1
        if _DEBUG_POOL:
            logger.debug("take(%d) with %d free", n, len(self.free))
            self.free.sort()
        taken, self.free = self.free[:n], self.free[n:]
        return taken

    def reserve(self) -> int:
        return 0 if _DEBUG_POOL else len(self.free) // 8
