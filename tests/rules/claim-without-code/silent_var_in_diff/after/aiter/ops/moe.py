import os

BOUND = int(os.environ.get("AITER_MOE_SWITCH_BOUND", "256"))
