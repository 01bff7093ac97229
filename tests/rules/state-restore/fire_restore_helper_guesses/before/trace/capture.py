import os

from trace import levels


class Capture:
    def __init__(self, out_dir):
        self.out_dir = out_dir
