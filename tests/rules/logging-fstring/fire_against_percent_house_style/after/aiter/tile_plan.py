import logging

logger = logging.getLogger("aiter")


def build_plan(shape, tiles):
    logger.info("planning %s over %d tiles", shape, len(tiles))
    plan = [t for t in tiles if t > 0]
    logger.debug("kept %d tiles", len(plan))
    if not plan:
        logger.warning("no tile fits %s", shape)
    logger.info(f"plan for {shape}: {plan}")  # expect: logging-fstring
    return plan
