import os
import sys


def import_dispatch_combine_v2(mori_file: str):
    v2_dir = os.path.join(os.path.dirname(mori_file), "ops", "dispatch_combine_v2")
    if v2_dir not in sys.path:
        sys.path.insert(0, v2_dir)
    from dispatch_combine_op import EpDispatchCombineOp

    return EpDispatchCombineOp


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    print(import_dispatch_combine_v2(sys.argv[1]))
