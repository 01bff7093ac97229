import torch

from atom.utils.custom_register import direct_register_custom_op


def pick_rows(x: torch.Tensor, keep: torch.Tensor) -> torch.Tensor:
    return x.index_select(0, keep)


def unused_rows(x: torch.Tensor, drop: torch.Tensor) -> torch.Tensor:
    return x[drop]


direct_register_custom_op(  # expect[red]: fake-impl-missing
    op_name="pick_rows",
    op_func=pick_rows,
    mutates_args=[],
)

direct_register_custom_op(  # expect[warn]: fake-impl-missing
    op_name="unused_rows",
    op_func=unused_rows,
    mutates_args=[],
)
