import logging

logging.basicConfig(level=logging.DEBUG)  # expect: logging-basicconfig
logger = logging.getLogger(__name__)
