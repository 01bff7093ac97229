from typing import Any

from aiter import QuantType


def allreduce_quant(x, quant_type: Any = None):
    if quant_type == "per_token":  # expect: string-dispatch
        return _traced_per_token(x)
    if quant_type == QuantType.per_Tensor:
        return _per_tensor(x)
    return _eager(x, quant_type)


def _traced_per_token(x):
    return x


def _per_tensor(x):
    return x


def _eager(x, quant_type):
    return x
