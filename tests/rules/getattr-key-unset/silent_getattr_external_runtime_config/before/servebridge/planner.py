from hostserve.config import EngineConfig


class ChunkPlanner:
    def __init__(self, engine_config: EngineConfig, page_size: int):
        self.engine_config = engine_config
        self.page_size = page_size

    def budget(self):
        sched_config = self.engine_config.scheduling
        return sched_config.max_chunked_items * self.page_size

    def lookahead(self):
        return 1
