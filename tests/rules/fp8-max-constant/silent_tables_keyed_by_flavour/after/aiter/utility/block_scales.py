import enum

import torch


class ElemKind(enum.IntEnum):
    E2M1 = 0
    E4M3 = 1
    E4M3_FNUZ = 2


# Largest finite value of each element type a block scale maps onto.
ELEM_MAX = {
    ElemKind.E2M1: 6.0,
    ElemKind.E4M3: 448.0,
    ElemKind.E4M3_FNUZ: 240.0,
}


def block_scale(amax: torch.Tensor, kind: ElemKind) -> torch.Tensor:
    return amax / ELEM_MAX[kind]
