from servekit.batch import StepBatch


def plan(batch: StepBatch):
    return batch.num_seqs
