from torch import nn

from atom.model_ops.blocks import DenseFFN, RoutedExperts, write_lds_epilogue, write_plain_epilogue


class HybridLayer(nn.Module):
    def __init__(self, config, quant_config, prefix=""):
        super().__init__()
        if config.num_experts:
            self.ffn = RoutedExperts(config, quant_config, prefix, top_k=config.top_k)
        else:
            self.dense = DenseFFN(config, quant_config, prefix, act=config.act)


def epilogue(acc, out, rows, cols, mode):
    if mode == "lds":
        write_lds_epilogue(acc, out, rows, cols)
    else:
        write_plain_epilogue(acc, out, rows, cols)
