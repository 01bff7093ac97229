import torch


def tile_rows(x: torch.Tensor, rows: int, lanes: int) -> torch.Tensor:
    assert x.shape[-2] % rows == 0, f"{x.shape[-2]} is not a multiple of {ROW_TILE}"  # expect[warn]: undefined-name
    assert x.shape[-1] % lanes == 0, "bad lane count %d (%d)" % (lanes, LANE_TILE)
    return x.view(-1, x.shape[-2] // rows, rows, x.shape[-1])


def tile_cols(x: torch.Tensor, cols: int) -> torch.Tensor:
    assert x.shape[-1] % COL_TILE == 0, f"{x.shape[-1]} % {cols}"  # expect[red]: undefined-name
    return x.view(-1, cols)
