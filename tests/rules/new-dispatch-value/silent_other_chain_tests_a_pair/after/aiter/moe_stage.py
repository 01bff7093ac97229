def pick_act(activation):
    if activation == ActivationType.Silu:
        return "silu"
    elif activation == ActivationType.Situv2:
        return "situv2"
    return "gelu"


def stage1(activation, quant_type):
    if quant_type == QuantType.No and activation == ActivationType.Silu:
        run_bf16(activation)
    else:
        run_generic(activation)
