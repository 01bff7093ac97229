import pickle
import queue
import threading

import zmq


class OutputPump:
    """Ships finished sequences from the engine core to the frontend socket."""

    def __init__(self, addr: str):
        self.addr = addr
        self.pending = queue.Queue()
        self._thread = threading.Thread(target=self._pump, daemon=True)
        self._thread.start()

    def _pump(self):
        ctx = zmq.Context()
        sock = ctx.socket(zmq.PUSH)
        sock.connect(self.addr)
        while True:
            seqs = self.pending.get()  # expect: blocking-queue-get
            sock.send(pickle.dumps(seqs))
