from enum import Enum


class AttnState(Enum):
    PREFILL = 0
    DECODE = 1


def infer_state(metadata):
    if metadata.max_query_len == 1:
        return AttnState.DECODE
    return AttnState.PREFILL
