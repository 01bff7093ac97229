from torch import nn

from tinylm.engine_args import EngineArgs


def _language_part(cfg):
    return getattr(cfg, "language_cfg", cfg)


def _fill_aliases(cfg) -> None:
    cfg.qk_norm = getattr(cfg, "qk_norm", getattr(cfg, "use_qk_layernorm", False))
    cfg.window_blocks = getattr(cfg, "local_window_blocks", 0)


class TokenMixer(nn.Module):
    def __init__(self, args: EngineArgs, width: int):
        super().__init__()
        cfg = _language_part(args.arch_cfg)
        self.width = width
        self.heads = cfg.num_heads
        self.gated = getattr(cfg, "gated_mixing", False)


class GateHead(nn.Module):
    def __init__(self, cfg, width):
        super().__init__()
        self.temperature = getattr(cfg, "gate_temperature", 1.0)
        self.width = width


class Decoder(nn.Module):
    def __init__(self, args: EngineArgs):
        super().__init__()
        text = _language_part(args.arch_cfg)
        _fill_aliases(text)
        self.mixer = TokenMixer(args, args.arch_cfg.hidden_size)
        self.gate = GateHead(text, args.arch_cfg.hidden_size)
