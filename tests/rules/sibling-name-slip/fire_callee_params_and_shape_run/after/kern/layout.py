class Staging:
    def tile_bytes(self, rows_in, rows_out, width):
        return (rows_in + rows_out) * width

    def reserve(self, cfg):
        budget = cfg.out_rows * cfg.width
        return self.tile_bytes(
            cfg.in_rows,
            cfg.in_rows,  # expect: sibling-name-slip
            cfg.width,
        )


def state_dims(spec, world):
    per_rank = spec.dst_head_dim // world
    return (
        spec.num_src_heads,
        spec.num_dst_heads,
        spec.src_head_dim,
        spec.src_head_dim,  # expect: sibling-name-slip
    )
