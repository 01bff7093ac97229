import os
import sys

this_dir = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, f"{this_dir}/utils/")
AITER_CSRC_DIR = os.path.abspath(f"{this_dir}/../../csrc")
