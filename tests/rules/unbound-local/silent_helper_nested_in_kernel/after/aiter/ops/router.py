import flyc


def build_router(n_slots, grouped):
    @flyc.kernel(name="route")
    def route(table, out):
        def _place(t):
            if flyc.static(grouped):
                slot = table[t]
            if flyc.static(not grouped):
                slot = t % n_slots
            out[t] = slot  # ok: unbound-local

        for t in flyc.range(n_slots):
            _place(t)

    return route
