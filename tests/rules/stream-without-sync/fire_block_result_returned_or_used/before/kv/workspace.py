import torch

_SCRATCH = {}
