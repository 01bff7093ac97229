import queue


class Prefetcher:
    def __init__(self):
        self.ready_q = queue.Queue()

    def run(self, consume):
        while True:
            consume(self.ready_q.get())
