from kern.jit import compile_ops


@compile_ops("kern_ext_scan")
def prefix_scan(inp: object, out: object) -> None: ...
