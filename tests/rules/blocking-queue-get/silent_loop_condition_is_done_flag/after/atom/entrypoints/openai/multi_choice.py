async def gather_choices(shared_queue, n):
    finished = [False] * n
    texts = [[] for _ in range(n)]
    while not all(finished):
        idx, item = await shared_queue.get()
        texts[idx].append(item["text"])
        finished[idx] = item.get("finished", False)
    return ["".join(t) for t in texts]


class Drainer:
    def __init__(self, q):
        self.q = q
        self.running = True

    def drain(self, sink):
        while self.running:
            sink(self.q.get())
