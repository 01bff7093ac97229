import os

LOCAL_RANK = int(os.environ.get("LOCAL_RANK", "0"))
VISIBLE = os.getenv("CUDA_VISIBLE_DEVICES", "")
NCCL_DEBUG = os.getenv("NCCL_DEBUG")
