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
