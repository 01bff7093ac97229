class Meter:
    def read(self, port):
        raw = port.sample()
        return port.last

    def reset(self, port):
        port.clear()
