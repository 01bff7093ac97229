def router_bias(cfg):
    return 0.0
