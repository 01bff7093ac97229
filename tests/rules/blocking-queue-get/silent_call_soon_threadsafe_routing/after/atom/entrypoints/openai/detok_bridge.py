import asyncio
import threading


class DetokBridge:
    """Routes incremental detokenizer state updates to the event-loop thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop, detokenizer):
        self.loop = loop
        self.detokenizer = detokenizer
        self.updates_q = asyncio.Queue()

    def on_tokens(self, seq_id, token_ids):
        # Called from the engine output thread.
        self.loop.call_soon_threadsafe(self.detokenizer.update, seq_id, token_ids)

    def drain(self):
        items = []
        while True:
            try:
                items.append(self.updates_q.get_nowait())
            except asyncio.QueueEmpty:
                break
        return items

    def poll(self):
        while True:
            item = self.updates_q.get(block=False)
            self.detokenizer.apply(item)
