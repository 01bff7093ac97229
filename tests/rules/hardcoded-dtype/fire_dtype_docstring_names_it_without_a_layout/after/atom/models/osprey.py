import torch
from aiter import dtypes

from atom.config import LayerQuantConfig, QuantizationConfig, QuantType


def osprey_quant_config(hf_config):
    """Per-layer quantization for Osprey.

    Experts run the fp4 MoE kernels because they are the fastest on gfx950;
    everything else keeps the generic parser's choice.
    """
    base = QuantizationConfig(hf_config)
    expert_spec = LayerQuantConfig(quant_type=QuantType.per_1x32, quant_dtype=dtypes.fp4x2)  # expect: hardcoded-dtype
    raw_spec = LayerQuantConfig(quant_type=QuantType.No, quant_dtype=torch.bfloat16)

    def lookup(name):
        if ".moe.experts" in name:
            return expert_spec
        if name.endswith(".router") or "norm" in name:
            return raw_spec
        return base.get_layer_quant_config(name)

    base.get_layer_quant_config = lookup
    return base
