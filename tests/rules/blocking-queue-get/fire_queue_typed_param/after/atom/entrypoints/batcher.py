import queue
import threading


class Batcher(threading.Thread):
    def __init__(self, requests: "queue.Queue", handle):
        super().__init__(daemon=True)
        self.requests = requests
        self.handle = handle

    def run(self):
        while True:
            batch = [self.requests.get()]  # expect: blocking-queue-get
            self.handle(batch)
