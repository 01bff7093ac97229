import torch

from aiter.ops import grouped_gemm

_AUX = torch.cuda.Stream()


def shared_experts(x, w, routed_w, stream=None):
    # Launched on the stream the caller is already on: nothing to wait for.
    routed = grouped_gemm(x, routed_w, stream=torch.cuda.current_stream())
    also = grouped_gemm(x, routed_w, stream=stream)
    dense = torch.matmul(x, w)
    return dense + routed + also
