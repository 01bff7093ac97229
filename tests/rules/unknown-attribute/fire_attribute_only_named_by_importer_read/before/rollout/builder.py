from rollout.state import DecodeState


def build_state(positions, spec_lens=None):
    st = DecodeState(positions=positions)
    if spec_lens is not None and st.spec_tail_lens:
        st.page_ids = spec_lens
    return st
