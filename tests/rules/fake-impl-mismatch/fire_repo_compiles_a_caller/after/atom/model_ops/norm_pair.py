import torch

from atom.utils.custom_register import direct_register_custom_op


def norm_with_rstd_fake(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    return torch.empty_like(x)


def norm_with_rstd(x: torch.Tensor, w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    rstd = torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)
    return x * rstd * w, rstd


direct_register_custom_op(
    op_name="norm_with_rstd",
    op_func=norm_with_rstd,
    mutates_args=[],
    fake_impl=norm_with_rstd_fake,  # expect[red]: fake-impl-mismatch
)
