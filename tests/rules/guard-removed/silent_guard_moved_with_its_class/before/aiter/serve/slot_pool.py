from dataclasses import dataclass


@dataclass
class SlotLease:
    owner: int
    slots: int

    def __post_init__(self):
        assert self.slots > 0, "a lease holds at least one slot"


class SlotPool:
    def __init__(self, capacity):
        self.capacity = capacity
        self.free = capacity

    def lease(self, owner, slots):
        lease = SlotLease(owner, slots)
        self.free -= lease.slots
        return lease
