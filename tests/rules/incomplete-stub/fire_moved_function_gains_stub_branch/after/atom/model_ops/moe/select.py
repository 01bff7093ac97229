def select_moe_kernel(quant_type: str, num_experts: int) -> str:
  if quant_type == "fp8":
    return "fmoe_fp8_blockscale"
  elif quant_type == "bf16":
    return "fmoe_bf16"
  elif quant_type == "int4":
    raise NotImplementedError  # expect: incomplete-stub
  raise ValueError(f"unsupported quant_type {quant_type}")
