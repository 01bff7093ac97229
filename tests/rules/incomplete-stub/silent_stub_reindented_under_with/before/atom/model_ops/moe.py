def build(quant_type, table):
    if quant_type == "fp8":
        table["fp8"] = "fmoe_fp8_blockscale"
    elif quant_type == "int4":
        raise NotImplementedError
    return table
