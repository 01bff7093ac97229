class Admission:
    def __init__(self, runner):
        self.runner = runner

    def limit(self) -> int:
        return self.runner.engine_config.sched.max_batch
