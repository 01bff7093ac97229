import logging

logger = logging.getLogger("aiter")


class SpillDir:
    def __init__(self, root):
        self.root = root
        self.enabled = True

    def usage_gb(self) -> float:
        return sum(p.stat().st_size for p in self.root.iterdir()) / 2**30
