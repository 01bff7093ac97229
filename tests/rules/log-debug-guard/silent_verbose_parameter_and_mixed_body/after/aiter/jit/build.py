from aiter import logger

DEBUG_BUILD = False


def build(name, verbose=False):
    # An API switch the caller sets: not a hand-rolled debug flag.
    if verbose:
        logger.info("building %s", name)
    # The guarded block does real work besides logging.
    if DEBUG_BUILD:
        logger.info("keeping temp dir for %s", name)
        keep_temps(name)
    if DEBUG_BUILD:
        logger.info("debug build of %s", name)
    else:
        logger.info("release build of %s", name)
    return name


def keep_temps(name):
    return name
