from rollout.state import DecodeState


def step(state: DecodeState):
    tails = state.spec_tail_lens if state.page_ids else None  # expect[red]: unknown-attribute
    return len(state.positions), tails
