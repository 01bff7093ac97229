from typing import Optional

_RESERVED = {"warmup": 2, "profile": 1}


def find_slot(slots, size):
    for slot in slots:
        if slot.free >= size:
            return slot


class Pool:
    def __init__(self, slots):
        self.slots = slots

    def claim(self, size):
        slot = find_slot(self.slots, size)
        slot.free -= size  # expect: unchecked-none
        return slot

    def resize(self, factor: Optional[float] = None, limit: int | None = None):
        for slot in self.slots:
            slot.free = round(slot.free * factor)  # expect: unchecked-none
        if limit is not None:
            self.slots = self.slots[:limit]

    def finish_warmup(self):
        warm = _RESERVED.pop("warmup")  # expect[red]: unchecked-none
        return warm


def trim(slots):
    pool = Pool(slots)
    pool.resize(limit=4)
    return pool
