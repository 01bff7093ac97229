from aiter import QuantType


def pick(backend, dtype_name, x):
    if backend == "triton":
        return x
    if dtype_name == "bf16":
        return x
    if QuantType.per_Token == x:
        return x
    return x
