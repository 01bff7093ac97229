class CachePlanner:
    def __init__(self, runner):
        self.runner = runner

    def bytes_per_token(self) -> int:
        engine_cfg = self.runner.engine_config
        model_cfg = engine_cfg.hf_config
        full = model_cfg.num_key_value_heads * model_cfg.head_dim
        window_heads = getattr(model_cfg, "sliding_kv_heads", 0)
        return 2 * (full + window_heads * model_cfg.head_dim)
