def propose(self, steps, batch):
    for i in range(steps):
        if i == 0:
            kv_indices = self.build_indices(batch)
        batch = self.step(batch, kv_indices)
    return batch


def run_step(self, batch):
    has_seqs = len(batch.req_ids) > 0
    if has_seqs:
        fwd_out = self.runner.forward(batch)
    self.flush_transfers()
    if not has_seqs:
        return False
    return self.postprocess(batch, fwd_out)
