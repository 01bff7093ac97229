"""Bindings to the compiled kernels (csrc/)."""
import torch

rms_norm_kernel = torch.ops.minikern.rms_norm
amax_kernel = torch.ops.minikern.amax
quant_kernel = torch.ops.minikern.quant
