from torch import nn

from atom.model_ops.blocks import DenseFFN, RoutedExperts, write_lds_epilogue, write_plain_epilogue


class HybridLayer(nn.Module):
    def __init__(self, config, quant_config, prefix="", side_stream=None):
        super().__init__()
        # Two different parts are built: only the experts overlap on a side stream.
        if config.num_experts:
            self.ffn = RoutedExperts(config, quant_config, prefix, top_k=config.top_k, side_stream=side_stream)
        else:
            self.dense = DenseFFN(config, quant_config, prefix, act=config.act)


def epilogue(acc, out, rows, cols, mode, scratch):
    # `scratch` has no default: every caller passes it, only the LDS arm needs it.
    if mode == "lds":
        write_lds_epilogue(acc, out, rows, cols, scratch)
    else:
        write_plain_epilogue(acc, out, rows, cols)
