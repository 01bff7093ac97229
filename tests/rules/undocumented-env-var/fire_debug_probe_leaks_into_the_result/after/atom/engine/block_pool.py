import logging
import os

logger = logging.getLogger(__name__)


class BlockPool:
    def __init__(self, num_blocks: int):
        self.free = list(range(num_blocks))
        self.steps = 0

    def take(self, n: int) -> list[int]:
        self.steps += 1
        order = self.free
        if os.environ.get("ATOM_POOL_SORTED_TRACE") == "1":  # expect[note]: undocumented-env-var
            order = sorted(self.free)
            print(f"take {n}: head={order[:4]}")
        taken, self.free = order[:n], order[n:]
        return taken

    def release(self, blocks: list[int]) -> None:
        if os.environ.get("ATOM_POOL_CHECK", "0") != "1":  # expect[note]: undocumented-env-var
            return
        self.free.extend(blocks)
        logger.info("released %d", len(blocks))
