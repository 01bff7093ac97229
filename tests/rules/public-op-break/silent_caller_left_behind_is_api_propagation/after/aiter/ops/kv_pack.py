def pack_kv_pages(k_cache, v_cache, page_size=16):
    return k_cache, v_cache, page_size
