import torch

from atom.utils.custom_register import direct_register_custom_op


def scaled_silu_fake(h: torch.Tensor, scale: float) -> torch.Tensor:
    return torch.empty_like(h)


def scaled_silu(h: torch.Tensor, scale: float) -> tuple[torch.Tensor, torch.Tensor]:
    gate, up = h.chunk(2, dim=-1)
    out = torch.nn.functional.silu(gate) * up * scale
    return out, out.abs().amax(dim=-1)


direct_register_custom_op(
    op_name="scaled_silu",
    op_func=scaled_silu,
    mutates_args=[],
    fake_impl=scaled_silu_fake,  # expect[warn]: fake-impl-mismatch
)
