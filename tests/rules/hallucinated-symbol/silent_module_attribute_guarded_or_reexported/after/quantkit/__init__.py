from .limits import *
from . import lazy_tables
