import torch

from atom.utils.custom_register import direct_register_custom_op
from aiter.jit.core import compile_ops


@torch.library.custom_op("atom::split_heads", mutates_args=())
def split_heads(x: torch.Tensor, n: int) -> tuple[torch.Tensor, torch.Tensor]:
    half = x.shape[-1] // 2
    return x[..., :half].clone(), x[..., half:].clone()


@split_heads.register_fake
def _(x, n):
    half = x.shape[-1] // 2
    return x.new_empty(x.shape[:-1] + (half,)), x.new_empty(x.shape[:-1] + (half,))


def gather_rows_impl(x: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
    return x.index_select(0, idx)


def gather_rows_fake(x: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
    return x.new_empty((idx.shape[0],) + x.shape[1:])


direct_register_custom_op(
    op_name="gather_rows_impl",
    op_func=gather_rows_impl,
    mutates_args=[],
    fake_impl=gather_rows_fake,
)


def blend_fake(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.empty_like(a)


@compile_ops("module_blend", gen_fake=blend_fake)
def blend(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor: ...
