import os

from trace import levels
