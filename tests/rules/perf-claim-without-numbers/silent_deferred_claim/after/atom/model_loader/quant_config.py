QUANT_DTYPES = {"fp8": "fp8", "mxfp4": "fp4x2"}


def parse_quant_config(cfg):
    method = cfg.get("quant_method", "none")
    if method not in QUANT_DTYPES:
        return {"dtype": "bf16", "group": None}
    return {"dtype": QUANT_DTYPES[method], "group": cfg.get("weight_block_size")}
