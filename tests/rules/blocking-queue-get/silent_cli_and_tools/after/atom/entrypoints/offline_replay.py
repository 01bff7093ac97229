import queue

from atom.entrypoints.client import Client


def main():
    q = queue.Queue()
    client = Client()
    while True:
        client.send(q.get())


if __name__ == "__main__":
    main()
