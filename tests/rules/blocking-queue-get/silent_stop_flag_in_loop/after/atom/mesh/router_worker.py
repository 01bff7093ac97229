import queue
import threading


class RouterWorker:
    def __init__(self, dispatch):
        self.dispatch = dispatch
        self.requests = queue.Queue()
        self._stop_event = threading.Event()

    def stop(self):
        self._stop_event.set()
        self.requests.put(None)

    def loop(self):
        while True:
            if self._stop_event.is_set():
                break
            req = self.requests.get()
            self.dispatch(req)
