import queue
import threading


def test_pump_forwards_items():
    q = queue.Queue()
    seen = []

    def consumer():
        while True:
            seen.append(q.get())

    threading.Thread(target=consumer, daemon=True).start()
    q.put(1)
