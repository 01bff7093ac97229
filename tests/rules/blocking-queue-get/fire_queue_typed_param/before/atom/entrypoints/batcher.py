import queue
import threading


class Batcher(threading.Thread):
    def __init__(self, requests: "queue.Queue", handle):
        super().__init__(daemon=True)
        self.requests = requests
        self.handle = handle
