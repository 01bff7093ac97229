import logging

logging.basicConfig(level=logging.INFO)
logging.info("collecting")
