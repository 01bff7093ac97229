import os

environment_variables = {
    "ATOM_DP_SIZE": lambda: int(os.getenv("ATOM_DP_SIZE", "1")),
}


def __getattr__(name):
    return environment_variables[name]()
