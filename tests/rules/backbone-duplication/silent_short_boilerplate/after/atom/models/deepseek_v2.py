import torch
import torch.nn as nn

from atom.config import Config
from atom.model_ops.linear import ColumnLinear
from atom.model_ops.moe import FusedMoE
from atom.utils import envs
