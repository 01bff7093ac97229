import os

environment_variables = {
    "ATOM_USE_TRITON_GEMM": lambda: os.getenv("ATOM_USE_TRITON_GEMM", "0") == "1",
    "ATOM_DP_SIZE": lambda: int(os.getenv("ATOM_DP_SIZE", "1")),
    "ATOM_BATCHER_SPREAD_RANKS": lambda: os.getenv("ATOM_BATCHER_SPREAD_RANKS", "0") == "1",
}


def __getattr__(name):
    return environment_variables[name]()
