def pack_rows(x, blk_rows=16):
    num_rows = x.shape[0]
    assert num_rows%blk_rows==0  # expect: alignment-assert
    return x.view(num_rows // blk_rows, blk_rows, -1)
