class Planner:
    def __init__(self, budget):
        self.budget = budget

    def plan(self, jobs):
        ordered = sorted(jobs, key=lambda j: j.cost)
        return [j for j in ordered if j.cost <= self.budget]
