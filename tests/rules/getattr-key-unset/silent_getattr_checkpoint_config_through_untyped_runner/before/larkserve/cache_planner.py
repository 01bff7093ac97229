class CachePlanner:
    def __init__(self, runner):
        self.runner = runner

    def bytes_per_token(self) -> int:
        model_cfg = self.runner.engine_config.hf_config
        return 2 * model_cfg.num_key_value_heads * model_cfg.head_dim
