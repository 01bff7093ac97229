from torch import nn

from tinylm.engine_args import EngineArgs


def _language_part(cfg):
    return getattr(cfg, "language_cfg", cfg)


class TokenMixer(nn.Module):
    def __init__(self, args: EngineArgs, width: int):
        super().__init__()
        cfg = _language_part(args.arch_cfg)
        self.width = width
        self.heads = cfg.num_heads


class Decoder(nn.Module):
    def __init__(self, args: EngineArgs):
        super().__init__()
        self.mixer = TokenMixer(args, args.arch_cfg.hidden_size)
