import logging

logger = logging.getLogger("aiter")


class SpillDir:
    def __init__(self, root):
        self.root = root
        self.enabled = True

    def usage_gb(self) -> float:
        return sum(p.stat().st_size for p in self.root.iterdir()) / 2**30

    def trim(self, budget_gb: float | None = None) -> None:
        if not self.enabled:
            return
        used = self.usage_gb()
        logger.warning("spill dir holds %.1f GB, budget %.1f GB", used, budget_gb)  # expect: log-format-specifier
