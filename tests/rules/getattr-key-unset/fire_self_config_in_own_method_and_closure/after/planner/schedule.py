class Planner:
    def __init__(self, plan_config):
        self.plan_config = plan_config

    def plan(self, jobs):
        budget = getattr(self.plan_config, "spill_budget", 4)  # expect: getattr-key-unset

        def slack():
            return getattr(self.plan_config, "window_slack", 0)  # expect: getattr-key-unset

        return sorted(jobs)[: budget + slack()]
