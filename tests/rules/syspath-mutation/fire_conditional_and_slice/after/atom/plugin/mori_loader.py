import os
import sys

_MORI_ROOT = os.environ.get("MORI_HOME", "/opt/mori")

if os.path.isdir(_MORI_ROOT):
    sys.path.append(os.path.join(_MORI_ROOT, "python"))  # expect: syspath-mutation

sys.path[0:0] = [os.path.join(_MORI_ROOT, "ops")]  # same cause as the finding above: folded into it


class MoriLoader:
    sys.path.extend([_MORI_ROOT])  # same cause as the finding above: folded into it

    def load(self):
        import mori

        return mori
