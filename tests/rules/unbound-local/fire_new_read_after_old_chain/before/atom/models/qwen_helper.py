def rope_args(config):
    if config.rope_scaling is not None:
        factor = config.rope_scaling["factor"]
        print("rope factor", factor)
    return {"base": config.rope_theta}
