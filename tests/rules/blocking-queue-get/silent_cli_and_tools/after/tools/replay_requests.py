import queue


def replay(q: queue.Queue, client):
    while True:
        client.send(q.get())
