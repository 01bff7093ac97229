def pack_kv_pages(k_cache, v_cache, page_size=16, layout="NHD"):
    return k_cache, v_cache, page_size, layout
