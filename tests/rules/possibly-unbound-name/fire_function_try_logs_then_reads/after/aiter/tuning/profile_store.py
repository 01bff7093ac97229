import json
import logging
import time

logger = logging.getLogger("aiter.tuning")


def default_tile(shape):
    return (128, 128) if shape[0] >= 128 else (64, 64)


def read_tuned_tiles(path):
    try:
        with open(path) as fh:
            table = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:  # expect[red]: possibly-unbound-name
        logger.warning("tuned tiles unreadable at %s: %s", path, exc)
    return {tuple(k.split("x")): v for k, v in table["tiles"].items()}


def poll_device_clock(probe, attempts=3):
    for attempt in range(attempts):
        try:
            mhz = probe.read_clock()
            break
        except TimeoutError:  # expect[warn]: possibly-unbound-name
            time.sleep(0.1 * (attempt + 1))
    logger.info("device clock %d MHz", mhz)
    return mhz
