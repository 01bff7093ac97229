from dataclasses import dataclass


@dataclass
class SlotLease:
    owner: int
    slots: int

    def __post_init__(self):
        if self.slots <= 0:
            raise ValueError(f"a lease needs a positive slot count, got {self.slots}")
