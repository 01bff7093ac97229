class Drafter:
    def absorb(self, positions, hidden, will_propose):  # expect: param-discarded
        """Called after every target forward; will_propose lets drafters skip work."""
        return


class EagleDrafter(Drafter):
    def absorb(self, positions, hidden, will_propose):
        del will_propose
        self.last = hidden[positions]


class NgramDrafter(Drafter):
    def absorb(self, positions, hidden, will_propose):
        self.count = len(positions)
