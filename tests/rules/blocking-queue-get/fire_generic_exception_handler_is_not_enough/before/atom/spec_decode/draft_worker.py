import logging

logger = logging.getLogger(__name__)


class DraftWorker:
    def __init__(self, proposer, request_queue):
        self.proposer = proposer
        self.request_queue = request_queue

    def step(self, batch):
        return self.proposer.propose(batch)
