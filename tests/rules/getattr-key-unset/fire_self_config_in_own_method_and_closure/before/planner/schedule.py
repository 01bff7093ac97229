class Planner:
    def __init__(self, plan_config):
        self.plan_config = plan_config

    def plan(self, jobs):
        return sorted(jobs)
