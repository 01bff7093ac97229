import logging

logger = logging.getLogger(__name__)


def spill_slots(budget_gib):
    return int(budget_gib)
