import logging

logger = logging.getLogger(__name__)


def spill_slots(budget_gib):
    logger.info(
        "spill budget %.1f GiB; one slot holds 37.5 MiB of packed pages",
        budget_gib,
    )
    return int(budget_gib * 1024 / 37.5)


def pick_bucket(tokens, table):
    if tokens >= 6144:
        return table["tokens_geq_6144"]
    return table["default"]
