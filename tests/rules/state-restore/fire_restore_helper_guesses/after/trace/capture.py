import os

from trace import levels


class Capture:
    def __init__(self, out_dir):
        self.out_dir = out_dir

    def _begin(self):
        previous_dir = os.environ.get("CAPTURE_DIR")
        os.environ["CAPTURE_DIR"] = self.out_dir
        levels.VERBOSITY = 3
        levels.flush_cache()
        return previous_dir

    def _end(self, previous_dir):
        if previous_dir is None:
            os.environ.pop("CAPTURE_DIR", None)
        else:
            os.environ["CAPTURE_DIR"] = previous_dir
        levels.VERBOSITY = 1  # expect: state-restore

    def record(self, step):
        saved = self._begin()
        try:
            step()
        finally:
            self._end(saved)
