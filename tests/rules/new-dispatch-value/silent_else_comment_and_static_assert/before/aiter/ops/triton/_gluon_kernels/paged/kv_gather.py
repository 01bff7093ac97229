@gluon.jit
def _gather(cache, layout, PAGE: gl.constexpr):
    if layout.KIND == "flat":
        rows = cache.load_flat(PAGE)
    elif layout.KIND == "blocked":
        rows = cache.load_blocked(PAGE)
    else:
        rows = cache.load_split(PAGE)
    return rows


@gluon.jit
def _widen(rows, layout):
    if layout.KIND == "flat":
        return rows.to(gl.float32)
    elif layout.KIND == "blocked":
        return rows.to(gl.float32) * layout.scale
    else:  # "split"
        return rows.to(gl.float32) * layout.scale * 2.0


@gluon.jit
def _store(out, rows, MODE: gl.constexpr):
    if MODE == "plain":
        out.store(rows)
    elif MODE == "atomic":
        out.atomic_add(rows)
    else:
        out.store(rows.to(gl.bfloat16))
