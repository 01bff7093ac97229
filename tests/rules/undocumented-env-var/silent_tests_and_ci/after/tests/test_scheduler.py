import os

SEED = int(os.getenv("ATOM_TEST_SEED", "0"))
