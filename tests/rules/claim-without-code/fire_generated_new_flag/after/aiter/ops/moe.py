import os

BOUND = int(os.environ.get("AITER_BF16_FP8_MOE_BOUND", "256"))
USE_FUSED = True
