class Admission:
    def __init__(self, runner):
        self.runner = runner

    def limit(self) -> int:
        sched_cfg = self.runner.engine_config.sched
        spill = getattr(sched_cfg, "spill_ratio", 0.5)  # expect: getattr-key-unset
        return int(sched_cfg.max_batch * (1 + spill))
