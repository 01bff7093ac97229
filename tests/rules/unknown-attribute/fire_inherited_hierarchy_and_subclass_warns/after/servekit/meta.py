class MetaBase:
    def __init__(self, positions):
        self.positions = positions


class DecodeMeta(MetaBase):
    def __init__(self, positions, block_tables):
        super().__init__(positions)
        self.block_tables = block_tables


class PrefillMeta(MetaBase):
    cu_seqlens = None


class ChunkedPrefillMeta(PrefillMeta):
    chunk_size = 512
