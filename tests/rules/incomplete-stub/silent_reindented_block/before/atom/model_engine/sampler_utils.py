def apply_penalties(logits, penalties):
    if penalties is not None:
        # TODO: fuse into the sampler kernel
        logits = logits - penalties
    return logits
