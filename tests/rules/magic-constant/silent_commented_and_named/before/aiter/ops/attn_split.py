def num_splits(seqlen):
    return 1
