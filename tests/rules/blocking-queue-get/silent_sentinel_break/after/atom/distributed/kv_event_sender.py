import queue
import threading

_SHUTDOWN = object()


class KVEventSender:
    def __init__(self, socket):
        self._socket = socket
        self._queue = queue.Queue(maxsize=4096)
        self._thread = threading.Thread(target=self._run, daemon=True)

    def close(self):
        self._queue.put(_SHUTDOWN)
        self._thread.join(timeout=2.0)

    def _run(self):
        while True:
            item = self._queue.get()
            if item is _SHUTDOWN:
                return
            self._socket.send(item)


async def collect(token_queue, out):
    while True:
        item = await token_queue.get()
        out.extend(item.get("token_ids") or [])
        if item.get("finished", False):
            break
    return out
