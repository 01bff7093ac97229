from scanlab.plan import ScanPlan


def with_budget(plan: ScanPlan, budget):
    plan.budget = budget
    return plan


class Filler:
    def __init__(self):
        self.tile_rows = 0
