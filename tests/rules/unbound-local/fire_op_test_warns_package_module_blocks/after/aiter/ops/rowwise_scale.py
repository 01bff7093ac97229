import torch


def rowwise_scale(x: torch.Tensor, granularity: str):
    if granularity == "row":
        amax = x.abs().amax(dim=-1, keepdim=True)
    elif granularity == "tensor":
        amax = x.abs().amax()
    return x / amax.clamp(min=1e-6)  # expect[red]: unbound-local


def scale_shape(x: torch.Tensor, granularity: str):
    if granularity == "channel":
        return (x.shape[-1],)
    return (1,)
