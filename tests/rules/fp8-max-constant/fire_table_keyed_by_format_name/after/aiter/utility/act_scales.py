import torch

# Range each activation format is scaled into before the cast.
FORMAT_RANGE = {
    "int8": 127.0,
    "fp8": 448.0,  # expect: fp8-max-constant
}


def act_scale(amax: torch.Tensor, fmt: str) -> torch.Tensor:
    return amax.clamp(min=1e-12) / FORMAT_RANGE[fmt]
