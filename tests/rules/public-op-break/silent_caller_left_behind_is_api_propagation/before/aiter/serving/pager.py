from aiter.ops.kv_pack import pack_kv_pages


def page_in(k, v):
    return pack_kv_pages(k, v, page_size=32, layout="HND")
