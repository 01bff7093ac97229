def router_bias(cfg):
    return cfg.router_bias
