from rollout.state import DecodeState


def build_state(positions, spec_lens=None):
    st = DecodeState(positions=positions)
    if spec_lens is not None:
        st.spec_tail_lens = spec_lens
    return st
