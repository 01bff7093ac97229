from typing import Optional

_RESERVED = {"warmup": 2, "profile": 1}


def find_slot(slots, size):
    for slot in slots:
        if slot.free >= size:
            return slot


class Pool:
    def __init__(self, slots):
        self.slots = slots
