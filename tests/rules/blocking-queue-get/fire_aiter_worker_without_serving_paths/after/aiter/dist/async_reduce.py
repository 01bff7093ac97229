import queue
import threading

import torch


class AsyncReducer:
    """Runs all-reduce requests on a side thread so the caller can overlap compute."""

    def __init__(self, group):
        self.group = group
        self.inbox = queue.SimpleQueue()
        self.worker = threading.Thread(target=self._loop, daemon=True)
        self.worker.start()

    def submit(self, tensor: torch.Tensor, done: threading.Event):
        self.inbox.put((tensor, done))

    def _loop(self):
        while True:
            tensor, done = self.inbox.get()  # expect: blocking-queue-get
            torch.distributed.all_reduce(tensor, group=self.group)
            done.set()
