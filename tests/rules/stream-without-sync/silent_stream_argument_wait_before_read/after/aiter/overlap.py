import torch

from aiter.ops import grouped_gemm, scale_rows


def shared_experts(x, w, routed_w, scale):
    aux = torch.cuda.Stream()
    routed = grouped_gemm(x, routed_w, stream=aux)
    # A second launch on the same stream is ordered after the first.
    routed = scale_rows(routed, scale, stream=aux)
    dense = torch.matmul(x, w)
    torch.cuda.current_stream().wait_stream(aux)
    return dense + routed
