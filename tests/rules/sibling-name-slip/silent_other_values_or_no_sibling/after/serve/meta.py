def lengths(batch, fast):
    # Each slot reads its own sibling.
    longest_new = batch.new_lens.max()
    longest_ctx = batch.ctx_lens.max()
    # The same value on purpose, with no name of the other sibling anywhere.
    q_scale = batch.scale
    k_scale = batch.scale
    # The expression already reads the second slot's word.
    top_src = (batch.src_rows + batch.dst_rows).max()
    top_dst = (batch.src_rows + batch.dst_rows).max()
    return longest_new, longest_ctx, q_scale, k_scale, top_src, top_dst


def shapes(spec):
    # Equal neighbours, but no neighbouring pair shows a sibling order.
    square = (spec.side, spec.side, spec.depth, spec.depth)
    # Names two words apart.
    first_row_lo = spec.row_lo
    last_col_lo = spec.row_lo
    # The sibling is bound only after the slot.
    up_lens = spec.up
    max_up = up_lens.max()
    max_down = up_lens.max()
    down_lens = spec.down
    return square, first_row_lo, last_col_lo, max_up, max_down, down_lens


def build(cfg, fast):
    return Meta(
        lo_bound=cfg.lo_edge if fast else cfg.lo_edge,
        hi_bound=cfg.hi_edge,
    )


class Pool:
    def __init__(self, num_slots, max_slots=None):
        # The slot chooses between the siblings itself.
        self.max_slots = num_slots if max_slots is None else max_slots
        self.num_slots = num_slots


def plan(geo):
    assert geo.slot_stride > 0
    return Plan(
        slot_rows=geo.slot_rows,
        # The ring is contiguous here: its stride is its row count.
        slot_stride=geo.slot_rows,
    )


def halves(p, bs):
    a = bs // 2
    b = bs // 2
    return a, b


def pair_rows(cur_ids, prev_ids):
    num_cur = len(cur_ids)
    num_prev = len(prev_ids)
    kept_cur = alloc(num_cur)
    kept_prev = alloc(num_cur)
    fresh_cur = alloc(num_cur)
    return kept_cur, kept_prev, fresh_cur, num_prev


def attend_new_tokens(q, k_new, meta, layer):
    assert meta.cu_len_k is not None and meta.max_len_k > 0 and layer.v_scale
    out = varlen(
        q=q,
        k=k_new,
        cu_len_q=meta.cu_len_q,
        cu_len_k=meta.cu_len_q,
        max_len_q=meta.max_len_q,
        max_len_k=meta.max_len_q,
    )
    return scale_out(out, k_descale=layer.kv_scale, v_descale=layer.kv_scale)
