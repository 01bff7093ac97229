def plane_bytes(rows, width_in, width_out):
    return rows * (width_in + width_out)


def prefill_budget(cfg):
    return plane_bytes(
        cfg.rows,
        cfg.in_width,
        cfg.out_width,
    )


def decode_budget(cfg):
    return plane_bytes(
        cfg.rows,
        cfg.in_width,
        cfg.in_width,  # expect: sibling-name-slip
    )
