class Peer:
    def __init__(self, host, port=0, *, weight=1):
        self.host = host
        self.port = port
        self.weight = weight
