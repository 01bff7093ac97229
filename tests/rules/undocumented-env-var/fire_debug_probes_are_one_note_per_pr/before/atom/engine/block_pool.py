import logging

logger = logging.getLogger(__name__)


class BlockPool:
    def __init__(self, num_blocks: int):
        self.free = list(range(num_blocks))
        self.steps = 0

    def take(self, n: int) -> list[int]:
        self.steps += 1
        taken, self.free = self.free[:n], self.free[n:]
        return taken
