import os
import sys

this_dir = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.abspath(f"{this_dir}/../../aiter/jit/utils"))

from chip_info import get_gfx  # noqa: E402

if __name__ == "__main__":
    print(get_gfx())
