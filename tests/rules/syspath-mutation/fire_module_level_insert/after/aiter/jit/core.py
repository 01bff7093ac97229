import os
import sys

this_dir = os.path.dirname(os.path.abspath(__file__))
AITER_ROOT_DIR = os.path.abspath(f"{this_dir}/../../")
sys.path.insert(0, f"{this_dir}/utils/")  # expect: syspath-mutation
AITER_CSRC_DIR = f"{AITER_ROOT_DIR}/csrc"
