from scanlab.plan import ScanPlan


def visit(plan: ScanPlan):
    steps = [w * plan.stride for w in plan.windows]
    if len(steps) > plan.budget:
        steps = steps[: plan.budget]
    return steps, plan.tile_rows
