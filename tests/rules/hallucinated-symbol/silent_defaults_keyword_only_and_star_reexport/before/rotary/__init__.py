from .kernels import *
