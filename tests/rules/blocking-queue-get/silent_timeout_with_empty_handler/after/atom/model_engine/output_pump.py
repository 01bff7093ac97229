import pickle
import queue

import zmq


class OutputPump:
    def __init__(self, addr: str):
        self.addr = addr
        self.pending = queue.Queue()
        self._alive = True

    def _pump(self, sock):
        while True:
            try:
                seqs = self.pending.get(timeout=0.5)
            except queue.Empty:
                continue
            sock.send(pickle.dumps(seqs))

    def _pump_positional(self, sock):
        while True:
            try:
                seqs = self.pending.get(True, 0.5)
            except queue.Empty:
                continue
            sock.send(pickle.dumps(seqs))
