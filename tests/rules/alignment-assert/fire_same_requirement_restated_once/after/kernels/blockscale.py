import torch

ROW_TILE = 64


def alloc_block_scale(M, N, device):
    assert M % 64 == 0, f"block-scale packing needs M % 64 == 0, got {M}"  # expect: alignment-assert
    return torch.empty((M, N // 128), dtype=torch.uint8, device=device)


def unpack_block_scale(packed, M, N):
    # The inverse of the packing above states the same requirement: one question, not two.
    assert m_ok(M) and M % 64 == 0, "packed rows come in groups of 64"
    return packed.view(M // 64, N // 128, 16, 4).permute(0, 3, 1, 2).reshape(M, N // 128)


def split_rows(x, rows):
    assert rows % ROW_TILE == 0, "rows must be a multiple of the row tile"  # expect: alignment-assert
    return x.view(rows // ROW_TILE, ROW_TILE, -1)


def m_ok(M):
    return M > 0
