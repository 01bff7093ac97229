from .decode import *
