import logging

logger = logging.getLogger("aiter")


def load_table(path, rows):
    logger.info(f"loading {path}")
    logger.debug(f"{len(rows)} rows before filtering")
    kept = [r for r in rows if r]
    logger.info(f"kept {len(kept)} of {len(rows)}")
    if not kept:
        logger.warning(f"empty table at {path}")
    logger.info("table %s ready", path)
    logger.debug(f"first row: {kept[0]}")
    return kept
