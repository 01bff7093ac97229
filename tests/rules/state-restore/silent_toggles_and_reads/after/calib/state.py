from calib import knobs


class Meter:
    def __init__(self):
        self.window = 8

    def grow(self):
        window = self.window
        self.window = window * 2
        return window

    def configure(self, fast):
        knobs.LEVEL = 1
        prepare(self)
        if fast:
            knobs.LEVEL = 0

    def enable(self):
        knobs.TRACE = True
        start_trace()

    def disable(self):
        knobs.TRACE = False
        stop_trace()


def counter():
    count = 0
    for _ in range(3):
        count = tick(count)
    count = 0
    return count
