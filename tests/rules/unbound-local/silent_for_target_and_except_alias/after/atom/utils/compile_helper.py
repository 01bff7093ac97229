import inspect


def dynamic_dims(cls, dims):
    sig = inspect.signature(cls.forward)
    if dims is None:
        dims = {}
        for k, v in sig.parameters.items():
            dims[k] = 0
    for k in dims:
        if k not in sig.parameters:
            raise ValueError(f"Argument {k} not found")
    return dims


def bench_all(shapes, smoke):
    if not smoke:
        try:
            shapes = load_shapes()
        except (FileNotFoundError, ValueError) as e:
            print(f"ERROR: {e}")
    for shape in shapes:
        try:
            run(shape)
        except Exception as e:
            print(f"{shape}: {type(e).__name__}: {e}")
