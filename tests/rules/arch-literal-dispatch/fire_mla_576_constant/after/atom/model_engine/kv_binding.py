def bind_kv_cache(modules, cache, head_dim):
    for m in modules:
        if head_dim == 576:  # expect: arch-literal-dispatch
            m.kv_cache = cache.view(-1, 1, head_dim)
        else:
            m.kv_cache = cache.view(-1, head_dim)
