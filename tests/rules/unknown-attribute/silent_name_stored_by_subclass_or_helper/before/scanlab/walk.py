from scanlab.plan import ScanPlan


def visit(plan: ScanPlan):
    return [w * plan.stride for w in plan.windows]
