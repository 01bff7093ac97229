def bind_index_cache(impl, pool, layer_id, is_sparse_layer, reuse_topk):
    if not is_sparse_layer:
        pass
    elif reuse_topk:
        impl.index_cache = None
    else:
        impl.index_cache = pool.get_index_k_buffer(layer_id)
    if pool.is_host_staged:
        # Host-staged pools are bound lazily by the transfer thread.
        pass


def on_shutdown():
    pass  # nothing is cached per process
