from kern.ops import prefix_scan


def run(x, out, carry):
    prefix_scan(x, out, carry)  # expect[red]: hallucinated-symbol (the op schema has two arguments)
    prefix_scan(x, out, rebuild_opts={"lib": "wide"})  # expect[red]: hallucinated-symbol (the op wrapper does not take it)
    return out
