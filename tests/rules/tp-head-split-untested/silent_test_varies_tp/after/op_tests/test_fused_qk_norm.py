import pytest

# (tokens, num_heads) -- num_heads spans TP variants
CONFIGS = [(1, 128), (1, 32), (1, 16)]
num_heads = 128
