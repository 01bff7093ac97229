import os

ATOM_REBUILD_STATE = os.getenv("ATOM_REBUILD_STATE", "0") == "1"
