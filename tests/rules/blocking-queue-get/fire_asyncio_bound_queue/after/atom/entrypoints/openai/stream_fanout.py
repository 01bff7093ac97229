import asyncio


class StreamFanout:
    """Forwards detokenized chunks of one request to every SSE subscriber."""

    def __init__(self):
        self._events = asyncio.Queue()
        self._subscribers = []

    def publish(self, chunk):
        self._events.put_nowait(chunk)

    async def run(self):
        while True:
            chunk = await self._events.get()  # expect: blocking-queue-get
            for sub in self._subscribers:
                await sub.send(chunk)
