import torch
from aiter import dtypes

from atom.config import LayerQuantConfig, QuantizationConfig, QuantType


def osprey_quant_config(hf_config):
    """Per-layer quantization of an Osprey checkpoint.

    What the checkpoint stores:
      * attention projections: e4m3 weights with 128x128 block scales (the
        generic fp8 parser reads them);
      * MoE expert weights: packed mxfp4 (e2m1 pairs) with one ue8m0 scale per
        32 values, so they need an explicit per-1x32 spec;
      * norms and the router: kept in bf16, loaded as they are.
    """
    base = QuantizationConfig(hf_config)
    expert_spec = LayerQuantConfig(quant_type=QuantType.per_1x32, quant_dtype=dtypes.fp4x2)
    raw_spec = LayerQuantConfig(quant_type=QuantType.No, quant_dtype=torch.bfloat16)

    def lookup(name):
        if ".moe.experts" in name:
            return expert_spec
        if name.endswith(".router") or "norm" in name:
            return raw_spec
        return base.get_layer_quant_config(name)

    base.get_layer_quant_config = lookup
    return base
