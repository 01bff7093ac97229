import torch

from aiter.ops.tile_pack import pack_tiles


def prepare_expert_weights(w: torch.Tensor) -> torch.Tensor:
    return pack_tiles(w, 32, interleave=w.shape[-1] % 64 == 0)
