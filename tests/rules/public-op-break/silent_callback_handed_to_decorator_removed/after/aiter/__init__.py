from .ops.rowscale import *
