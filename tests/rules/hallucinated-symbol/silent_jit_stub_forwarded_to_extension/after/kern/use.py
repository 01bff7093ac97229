from kern.ops import prefix_scan


def run(x, out, carry, block, reverse):
    # ok: the wrapper hands every argument to the extension's function, not to the stub
    prefix_scan(x, out, carry, block, reverse)
    # ok: `rebuild_opts` is the wrapper's own keyword
    prefix_scan(x, out, rebuild_opts={"lib": "kern_ext_scan_wide"})
    return out
