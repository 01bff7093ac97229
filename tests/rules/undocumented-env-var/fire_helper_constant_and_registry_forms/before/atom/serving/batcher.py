class Batcher:
    def __init__(self):
        self.max_wait_ms = 5
