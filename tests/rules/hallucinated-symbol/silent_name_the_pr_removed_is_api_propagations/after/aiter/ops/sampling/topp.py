from aiter.ops.sampling.kernels import build_minp_kernel, build_topp_kernel


def sample(probs, p: float, min_p: float = 0.0):
    vocab = probs.shape[-1]
    kernel = build_minp_kernel(vocab) if min_p > 0 else build_topp_kernel(vocab)
    return kernel, p
