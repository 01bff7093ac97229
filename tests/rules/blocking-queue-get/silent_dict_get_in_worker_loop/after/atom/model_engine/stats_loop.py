import time


class StatsLoop:
    def __init__(self, stats: dict, queue_sizes: dict):
        self.stats = stats
        self.queue_sizes = queue_sizes
        self.ctx_var = None

    def run(self, emit):
        while True:
            waiting = self.stats.get("num_waiting", 0)
            depth = self.queue_sizes.get("prefill")
            current = self.ctx_var.get()
            emit(waiting, depth, current)
            time.sleep(1.0)
