import os
import sys

if os.path.dirname(__file__) not in sys.path:
    sys.path.insert(0, os.path.dirname(__file__))  # expect: syspath-mutation

from attn_prologue import build_prologue  # noqa: E402


def attn_kernel(q, k, v):
    return build_prologue(q, k, v)
