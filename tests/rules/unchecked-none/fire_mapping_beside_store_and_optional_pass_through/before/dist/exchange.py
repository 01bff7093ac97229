import os


def publish(store, rank, path):
    store.set(f"sock/{rank}", path.encode())
