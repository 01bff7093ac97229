from scanlab.plan import ScanPlan


class Runner:
    def __init__(self, depth: int):
        self.depth = depth
        self.plans = []

    def add(self, windows):
        plan = ScanPlan(windows=windows)
        self.plans.append(plan)
        setattr(self, "last_" + str(len(self.plans)), plan)
        return plan
