import queue


class Forwarder:
    def __init__(self, sink):
        self.sink = sink
        self.out_q = queue.Queue()

    def run(self):
        while True:
            item = self.out_q.get()
            self.sink.send(item)
