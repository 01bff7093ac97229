import logging

logger = logging.getLogger(__name__)


class DraftWorker:
    def __init__(self, proposer, request_queue):
        self.proposer = proposer
        self.request_queue = request_queue

    def step(self, batch):
        return self.proposer.propose(batch)

    def serve_forever(self):
        while True:
            try:
                batch = self.request_queue.get()  # expect: blocking-queue-get
                self.step(batch)
            except Exception:
                logger.exception("draft step failed")
