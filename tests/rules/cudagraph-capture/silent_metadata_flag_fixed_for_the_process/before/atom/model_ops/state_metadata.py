from dataclasses import dataclass

from atom.utils import envs


@dataclass
class StateMetadata:
    slot_ids: object = None
    rebuild_state: bool = False


class StateMetadataBuilder:
    def __init__(self, config):
        self.config = config
        self.rebuild_state = envs.ATOM_REBUILD_STATE

    def build_for_capture(self, slot_ids):
        return StateMetadata(slot_ids=slot_ids, rebuild_state=self.rebuild_state)

    def build(self, batch):
        meta = StateMetadata(slot_ids=batch.slot_ids)
        meta.rebuild_state = self.rebuild_state
        return meta
