from dataclasses import dataclass


@dataclass
class RingMetadata:
    slot_table: object = None


class RingMetadataBuilder:
    def __init__(self, model_config):
        self.ring_replay = model_config.ring_replay_enabled

    def _tag(self, md):
        md.ring_replay = True

    def build(self, batch):
        md = RingMetadata(slot_table=batch.slot_table)
        if self.ring_replay:
            self._tag(md)
        return md
