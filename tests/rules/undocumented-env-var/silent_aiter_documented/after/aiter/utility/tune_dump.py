import os


def dump_dir():
    return os.environ.get("AITER_TUNE_CANDIDATE_DUMP_DIR")
