from kern.jit import compile_ops


# Declaration only: the extension's binding takes the real arguments.
@compile_ops("kern_ext_scan")
def prefix_scan(inp, out): ...
