import torch


def block_count(rows, block):
    return (rows + block - 1) // block


def untile_exponents(exps):
    """Undo the 16-row tiling the packing kernel writes (its buffer is padded to 16 rows)."""
    rows, cols = exps.shape
    assert rows % 16 == 0 and cols % 4 == 0, f"{rows}x{cols} exponent tile is not whole"
    tiles = exps.view(rows // 16, cols // 4, 4, 16)
    return tiles.permute(0, 3, 1, 2).reshape(rows, cols)


def pack_rows(x, num_tokens):
    assert num_tokens % 16 == 0, "pack needs whole tiles"  # expect: alignment-assert
    return x.flatten()
