def pack_rows(x, blk_rows=16):
    num_rows = x.shape[0]
    assert num_rows > 0, "num_rows %d must be positive" % num_rows
    assert blk_rows in (8, 16, 32), "tile %s unsupported" % blk_rows
    return x.view(-1, blk_rows, x.shape[-1])
