from aiter.ops.sampling.kernels import build_topp_kernel, build_typical_kernel  # expect[red]: hallucinated-symbol


def sample(probs, p: float, typical: bool = False):
    vocab = probs.shape[-1]
    kernel = build_typical_kernel(vocab) if typical else build_topp_kernel(vocab)
    return kernel, p
