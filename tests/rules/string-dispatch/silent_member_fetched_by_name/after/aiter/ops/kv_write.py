from aiter.enums import CacheLayout


def write_kv(layout, k, v, cache):
    if layout == CacheLayout.Dense:
        return _dense(k, v, cache)
    # CacheLayout.PagedV2 exists only on builds with the v2 page table.
    if layout in (CacheLayout.Paged, getattr(CacheLayout, "PagedV2", None)):
        return _paged(k, v, cache)
    raise ValueError(layout)


def _dense(k, v, cache):
    cache[0].copy_(k)
    cache[1].copy_(v)


def _paged(k, v, cache):
    cache.index_copy_(0, k, v)
