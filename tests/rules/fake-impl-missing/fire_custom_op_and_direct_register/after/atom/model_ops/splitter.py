import torch

from atom.utils.custom_register import direct_register_custom_op


@torch.library.custom_op("atom::split_heads", mutates_args=())  # expect[warn]: fake-impl-missing
def split_heads(x: torch.Tensor, n: int) -> tuple[torch.Tensor, torch.Tensor]:
    half = x.shape[-1] // 2
    return x[..., :half].clone(), x[..., half:].clone()


def gather_rows_impl(x: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
    return x.index_select(0, idx)


direct_register_custom_op(  # expect[warn]: fake-impl-missing
    op_name="gather_rows_impl",
    op_func=gather_rows_impl,
    mutates_args=[],
)
