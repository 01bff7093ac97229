def run(cfg):
    return cfg
