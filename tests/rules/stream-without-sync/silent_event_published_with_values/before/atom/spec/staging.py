import torch

_STAGED = {}
