from atom.utils import envs


class Batcher:
    def __init__(self):
        self.max_wait_ms = 5
        self.spread = envs.ATOM_BATCHER_SPREAD_RANKS
