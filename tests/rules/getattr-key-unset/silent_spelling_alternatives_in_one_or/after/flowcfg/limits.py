def token_cap(sched_config, default_cap):
    # The host framework renamed this switch between releases; accept either spelling.
    streamed = bool(
        getattr(sched_config, "streamed_admission", False)
        or getattr(sched_config, "admission_streamed", False)
    )
    return None if streamed else default_cap
