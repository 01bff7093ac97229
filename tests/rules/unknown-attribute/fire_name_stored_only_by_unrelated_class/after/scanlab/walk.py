from scanlab.plan import ScanPlan


def visit(plan: ScanPlan):
    steps = [w * plan.stride for w in plan.windows]
    return steps[: plan.depth]  # expect[red]: unknown-attribute
