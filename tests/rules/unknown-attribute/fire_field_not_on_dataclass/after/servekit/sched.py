from typing import Optional

from servekit.batch import StepBatch


def plan(batch: StepBatch, limit: int = 8):
    if batch.num_seqs > limit:
        return batch.kv_block_size * batch.max_len  # expect[red]: unknown-attribute
    return batch.num_seqs


def drain(pending: "Optional[StepBatch]"):
    return pending.page_table if pending else None  # expect[red]: unknown-attribute
