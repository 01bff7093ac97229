class Drafter:
    def absorb(self, positions, hidden):
        """Called after every target forward."""
        return


class EagleDrafter(Drafter):
    def absorb(self, positions, hidden):
        self.last = hidden[positions]


class NgramDrafter(Drafter):
    def absorb(self, positions, hidden):
        self.count = len(positions)
