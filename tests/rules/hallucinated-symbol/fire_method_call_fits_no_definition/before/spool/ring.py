class Ring:
    def __init__(self, slots):
        self.slots = slots
        self.head = 0

    def claim(self, count, *, wrap=True):
        start = self.head
        self.head = (self.head + count) % self.slots
        return start

    def release(self, start, count):
        return start + count


class StagedRing(Ring):
    def refill(self, count):
        return self.claim(count)
