from lanes.meta import LaneMeta


class LaneBuilder:
    def _spill(self, count):
        if count == 0:
            return None
        return {"spill_base": count * 4, "spill_len": count}

    def build(self, width, count):
        meta = LaneMeta(width=width, offsets=list(range(width)))
        spill = self._spill(count)
        if spill is not None:
            for key, val in spill.items():
                setattr(meta, key, val)
        return meta
