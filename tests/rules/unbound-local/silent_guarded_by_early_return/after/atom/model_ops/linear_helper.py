def bias_for(layer, use_bias):
    if not use_bias:
        return None
    if use_bias:
        bias = layer.bias.float()
    return bias


def weight_scale_for(layer):
    assert layer.quantized
    if layer.quantized:
        ws = layer.weight_scale
    return ws
