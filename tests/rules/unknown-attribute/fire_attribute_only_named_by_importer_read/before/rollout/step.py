from rollout.state import DecodeState


def step(state: DecodeState):
    return len(state.positions)
