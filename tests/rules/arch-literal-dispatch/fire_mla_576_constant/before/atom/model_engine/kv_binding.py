def bind_kv_cache(modules, cache, head_dim):
    for m in modules:
        m.kv_cache = cache.view(-1, head_dim)
