"""minikern: a tiny GPU kernel library used as review-pr's bundled example."""
from minikern.ops.norm import rms_norm
from minikern.ops.quant import per_token_quant

__all__ = ["rms_norm", "per_token_quant"]
