def make_pump(queue):
    def drain(limit):
        taken: int = 0  # expect: unread-local
        batch = []
        while queue and len(batch) < limit:
            batch.append(queue.pop())
        return batch

    return drain
