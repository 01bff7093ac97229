def example_op(x):
    return x
