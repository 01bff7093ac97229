def rope_theta(cfg):
    return getattr(cfg, "rope_theta", 10000.0)
