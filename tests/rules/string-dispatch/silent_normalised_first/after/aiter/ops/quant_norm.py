from aiter import QuantType


def quant(x, quant_type):
    if isinstance(quant_type, QuantType):
        quant_type = quant_type.name
    quant_type = quant_type.lower()
    if quant_type == "per_token":
        return x
    return x
