import logging

logger = logging.getLogger("aiter")


def pick(cfgs, m):
    logger.info("picking config for m=%d", m)
    print(f"debug: {m}")
    logger.info("done", extra={"note": f"m={m}"})
    # logger.info(f"old message {m}")
    return min(cfgs)
