import queue
import threading


class Worker(threading.Thread):
    def __init__(self, requests: "queue.Queue", handle):
        super().__init__(daemon=True)
        self.requests = requests
        self.handle = handle
        self.stopped = threading.Event()

    def run(self):
        while not self.stopped.is_set():
            try:
                req = self.requests.get(timeout=0.5)
            except queue.Empty:
                continue
            self.handle(req)


class BatchWorker(Worker):
    """Drains requests in batches of up to `max_batch`."""

    def __init__(self, requests: "queue.Queue", handle, max_batch: int = 8):
        super().__init__(requests, handle)
        self.max_batch = max_batch

    def run(self):
        while True:
            batch = [self.requests.get()]
            while len(batch) < self.max_batch and not self.requests.empty():
                batch.append(self.requests.get_nowait())
            self.handle(batch)
