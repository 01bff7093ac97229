import queue
import threading


class KVBlockSender:
    def __init__(self, transport, work_q: queue.Queue):
        self.transport = transport
        self.work_q = work_q
        threading.Thread(target=self._send_loop, daemon=True).start()
        threading.Thread(target=self._ack_loop, daemon=True).start()

    def _send_loop(self):
        while True:
            block_ids, dst = self.work_q.get(timeout=None)  # expect: blocking-queue-get
            self.transport.write_blocks(block_ids, dst)

    def _ack_loop(self):
        while 1:
            ack = self.transport.acks_q.get(block=True)  # expect: blocking-queue-get
            self.transport.release(ack)
