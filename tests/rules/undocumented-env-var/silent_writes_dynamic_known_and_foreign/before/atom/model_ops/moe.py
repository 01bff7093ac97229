import os

GU_ITLV = os.getenv("ATOM_MOE_GU_ITLV", "0") == "1"
