from servekit.cfg import Decorated, LazyConfig, LooseConfig, Plain


def run(a: LooseConfig, b: LazyConfig, c: Plain, d: Decorated):
    c.world_size = 8
    return a.tp_size, b.pp_size, c.world_size, d.extra  # ok: setattr, __getattr__, stored here, decorator
