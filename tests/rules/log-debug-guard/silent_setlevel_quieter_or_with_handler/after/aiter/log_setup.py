import logging
import os

logger = logging.getLogger("aiter")
level = os.environ.get("AITER_LOG_LEVEL", "INFO")
logger.setLevel("INFO")
handler = logging.StreamHandler()
handler.setLevel(level)
logger.addHandler(handler)
logging.getLogger("matplotlib").setLevel(logging.WARNING)
