import os
LEVEL = os.environ.get("AITER_LOG_LEVEL")
