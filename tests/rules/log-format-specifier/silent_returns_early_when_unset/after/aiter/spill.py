import logging

logger = logging.getLogger("aiter")


class SpillDir:
    def __init__(self, root):
        self.root = root
        self.enabled = True

    def usage_gb(self) -> float:
        return sum(p.stat().st_size for p in self.root.iterdir()) / 2**30

    def trim(self, budget_gb: float | None = None, max_files: int | None = None) -> None:
        if budget_gb is None or budget_gb <= 0:
            return
        if not max_files:
            raise ValueError("trim needs a file budget")
        used = self.usage_gb()
        if used <= budget_gb:
            return
        logger.warning("spill dir holds %.1f GB, budget %.1f GB, keeping %d files", used, budget_gb, max_files)
