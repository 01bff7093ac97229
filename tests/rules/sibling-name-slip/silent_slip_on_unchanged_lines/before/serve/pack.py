def pack(cfg, tokens):
    width_in = cfg.in_width
    width_out = cfg.in_width
    return tokens.view(-1, width_in, width_out)
