class Meter:
    def read(self, port, retries=1):
        raw = port.sample(retries)  # dead before this PR too, in the same method
        return port.last

    def reset(self, port):
        port.clear()
