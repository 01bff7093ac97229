def token_cap(sched_config, default_cap):
    return default_cap
