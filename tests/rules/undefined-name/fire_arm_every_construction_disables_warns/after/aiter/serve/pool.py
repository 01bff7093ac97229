import torch


class BlockPool:
    def __init__(self, blocks: int, pinned: bool, prefetch: bool = False):
        self.blocks = torch.zeros(blocks, dtype=torch.int32)
        # the pinned allocator of the upstream scheduler is not carried over
        if pinned and blocks > 0:
            self.host = PinnedArena(blocks)  # expect: undefined-name
        if prefetch:
            self.stream = side_stream()  # expect[red]: undefined-name


def decode_pool(blocks: int) -> BlockPool:
    return BlockPool(blocks, pinned=False)


def prefill_pool(blocks: int) -> BlockPool:
    return BlockPool(blocks, False, prefetch=True)
