import os

environment_variables = {
    "ATOM_DP_SIZE": lambda: int(os.getenv("ATOM_DP_SIZE", "1")),
    "ATOM_TRACE_BLOCK_POOL": lambda: os.getenv("ATOM_TRACE_BLOCK_POOL", "0") == "1",
}


def __getattr__(name):
    return environment_variables[name]()
