from enum import Enum


class AttnState(Enum):
    PREFILL = 0
    DECODE = 1


def infer_state(metadata, num_spec_tokens):
    if 1 <= metadata.max_query_len <= 1 + num_spec_tokens:  # expect: phase-size-proxy
        return AttnState.DECODE
    return AttnState.PREFILL
