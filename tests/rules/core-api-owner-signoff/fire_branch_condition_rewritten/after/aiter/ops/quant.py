import os

_FORCE_WIDE_ACT = os.environ.get("AITER_FORCE_WIDE_ACT", "0") == "1"


def pick_act_dtype(m, arch, bound):
    if _FORCE_WIDE_ACT or arch != "gfx950" or m < bound:  # expect: core-api-owner-signoff
        return "bf16"
    return "fp8"
