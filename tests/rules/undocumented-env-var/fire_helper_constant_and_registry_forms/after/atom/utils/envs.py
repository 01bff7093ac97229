import os

from atom.utils.env_parse import flag


environment_variables = {
    "ATOM_USE_TRITON_GEMM": lambda: os.getenv("ATOM_USE_TRITON_GEMM", "0") == "1",
    "ATOM_DP_SIZE": lambda: int(os.getenv("ATOM_DP_SIZE", "1")),
    "ATOM_BATCHER_STRICT_ORDER": lambda: flag("ATOM_BATCHER_STRICT_ORDER", False),  # expect[note]: undocumented-env-var
}


def __getattr__(name):
    return environment_variables[name]()
