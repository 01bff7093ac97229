import os


def pick_stage(token_num, use_two_stage=None):
    if use_two_stage is None:
        use_two_stage = token_num > 1024
    return "2stage" if use_two_stage else "1stage"
