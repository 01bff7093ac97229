from dataclasses import dataclass


@dataclass
class RingMetadata:
    slot_table: object = None


class RingMetadataBuilder:
    def __init__(self, model_config):
        self.block = model_config.ring_block

    def build(self, batch):
        md = RingMetadata(slot_table=batch.slot_table)
        md.ring_wrapped = batch.max_position >= self.block
        return md
