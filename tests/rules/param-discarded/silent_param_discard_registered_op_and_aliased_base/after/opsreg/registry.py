def register_op(name, impl, shape_fn=None):
    return (name, impl, shape_fn)
