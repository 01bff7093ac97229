import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "helpers"))
from toolchain_probe import compiler_version  # noqa: E402


def load_op(name, scale_mode="tensor"):
    return (name, scale_mode, compiler_version())
