def parse_quant_config(cfg):
    method = cfg.get("quant_method", "none")
    if method == "fp8":
        return {"dtype": "fp8", "group": cfg.get("weight_block_size")}
    return {"dtype": "bf16", "group": None}
