def rope_theta(cfg):
    return cfg.rope_theta
