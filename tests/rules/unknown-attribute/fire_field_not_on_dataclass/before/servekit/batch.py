from dataclasses import dataclass, field


@dataclass
class StepBatch:
    token_ids: list
    seq_lens: list = field(default_factory=list)
    max_len: int = 0

    def __post_init__(self):
        self.num_seqs = len(self.seq_lens)
