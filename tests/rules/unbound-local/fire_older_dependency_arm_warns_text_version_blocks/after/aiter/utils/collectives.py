import torch
import torch.distributed as dist
from packaging.version import Version


def gather_rows(t: torch.Tensor, world: int, pad: bool):
    out = torch.empty((world * t.shape[0],) + tuple(t.shape[1:]), dtype=t.dtype, device=t.device)
    if hasattr(dist, "all_gather_into_tensor"):
        dist.all_gather_into_tensor(out, t)
        return out
    else:
        # releases before the fused gather: gather a list and stitch it
        if pad:
            parts = [torch.zeros_like(t) for _ in range(world)]
        dist.all_gather(parts, t)  # expect: unbound-local
        return torch.cat(parts)


def reduce_mode(op_name: str):
    if Version(torch.__version__) >= Version("2.3"):
        mode = dist.ReduceOp.AVG
    elif Version(torch.__version__) >= Version("2.1"):
        mode = dist.ReduceOp.SUM
    return mode, op_name  # expect: unbound-local


def stream_flags(t: torch.Tensor):
    if torch.__version__ >= "2.4":
        flags = {"non_blocking": True}
    elif torch.__version__.startswith("2.3"):
        flags = {}
    return t.to("cuda", **flags)  # expect[red]: unbound-local


def buffer_for(t: torch.Tensor, world: int):
    if hasattr(torch.cuda, "memory_pool"):
        if world > 1:
            buf = torch.empty_like(t)
        return buf  # expect[red]: unbound-local
    return t
