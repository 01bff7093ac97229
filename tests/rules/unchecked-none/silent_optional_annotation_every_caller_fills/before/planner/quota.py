class Quota:
    def __init__(self, total):
        self.total = total
