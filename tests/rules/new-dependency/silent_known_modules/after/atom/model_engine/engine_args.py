import argparse
import dataclasses
import tomllib
from concurrent.futures import ThreadPoolExecutor

import aiter
import numpy as np
import torch
import triton
import transformers
import yaml
import zmq
import msgpack

from atom.utils import trace
from . import scheduler
from ..utils.trace import pack
