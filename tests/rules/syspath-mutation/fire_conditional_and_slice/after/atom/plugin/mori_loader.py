import os
import sys

_MORI_ROOT = os.environ.get("MORI_HOME", "/opt/mori")

if os.path.isdir(_MORI_ROOT):
    sys.path.append(os.path.join(_MORI_ROOT, "python"))  # expect: syspath-mutation

sys.path[0:0] = [os.path.join(_MORI_ROOT, "ops")]  # expect: syspath-mutation


class MoriLoader:
    sys.path.extend([_MORI_ROOT])  # expect: syspath-mutation

    def load(self):
        import mori

        return mori
