from .slot_lease import SlotLease


class SlotPool:
    def __init__(self, capacity):
        self.capacity = capacity
        self.free = capacity

    def lease(self, owner, slots):
        lease = SlotLease(owner, slots)
        self.free -= lease.slots
        return lease
