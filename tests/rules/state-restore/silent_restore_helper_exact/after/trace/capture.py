import os

from trace import levels


class Capture:
    def __init__(self, out_dir):
        self.out_dir = out_dir

    def _begin(self):
        previous = (os.environ.get("CAPTURE_DIR"), levels.VERBOSITY)
        os.environ["CAPTURE_DIR"] = self.out_dir
        levels.VERBOSITY = 3
        return previous

    def _end(self, previous_dir, previous_level):
        os.environ["CAPTURE_DIR"] = previous_dir
        levels.VERBOSITY = previous_level
        levels.STATS_ENABLED = False

    def loud(self):
        levels.VERBOSITY = 5
        levels.flush_cache()

    def quiet(self):
        levels.VERBOSITY = 0
        levels.flush_cache()
