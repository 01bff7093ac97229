import os


def pick_stage(token_num, use_two_stage=None):
    if use_two_stage is None:
        use_two_stage = token_num > int(os.getenv("AITER_MOE_SPLIT", "256"))  # expect: core-api-owner-signoff
    return "2stage" if use_two_stage else "1stage"
