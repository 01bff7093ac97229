import torch


class RingStateBackend:
    @staticmethod
    def get_builder_cls():
        return RingStateBuilder


class RingStateBuilder:
    """Builds per-step ring-buffer indices for the recurrent layers."""

    def build(self, batch, bs: int):
        idx = torch.as_tensor(batch.ring_slots, device="cuda")
        return {"ring_idx": idx, "bs": bs}

    def build_for_cudagraph_capture(self, bs: int):
        """Graphs need a fixed ring layout, which this backend does not keep."""
        raise NotImplementedError("ring-state models run eager")


def ring_write(buf: torch.Tensor, idx: torch.Tensor, val: torch.Tensor) -> None:
    buf.index_copy_(0, idx, val)
