class Planner:
    def __init__(self, budget):
        self.budget = budget

    def plan(self, jobs, reserve=0):
        ordered = sorted(jobs, key=lambda j: j.cost)
        limit = self.budget - reserve  # expect: unread-local
        return [j for j in ordered if j.cost <= self.budget]


def summarize(results):
    passed = [r for r in results if r.ok]
    failed = [r for r in results if not r.ok]  # expect: unread-local
    return {"passed": len(passed)}
