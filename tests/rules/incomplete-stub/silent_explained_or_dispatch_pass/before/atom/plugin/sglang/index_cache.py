def bind_index_cache(impl, pool, layer_id):
    impl.index_cache = pool.get_index_k_buffer(layer_id)
