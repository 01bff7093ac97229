import os

# Runtime knobs of the engine.
knobs = {
    "ATOM_PREFETCH": lambda: int(os.getenv("ATOM_PREFETCH", "0")),
    "ATOM_SPILL": lambda: int(os.getenv("ATOM_SPILL", "0")),
    "ATOM_WINDOW": lambda: int(os.getenv("ATOM_WINDOW", "0")),
    "ATOM_DRAIN": lambda: int(os.getenv("ATOM_DRAIN", "0")),
    "ATOM_LANE": lambda: int(os.getenv("ATOM_LANE", "0")),
    "ATOM_TILE": lambda: int(os.getenv("ATOM_TILE", "0")),
    "ATOM_RING": lambda: int(os.getenv("ATOM_RING", "0")),
    "ATOM_WARMUP": lambda: int(os.getenv("ATOM_WARMUP", "0")),
    "ATOM_SHARD": lambda: int(os.getenv("ATOM_SHARD", "0")),
    "ATOM_QUEUE": lambda: int(os.getenv("ATOM_QUEUE", "0")),
    "ATOM_STRIDE": lambda: int(os.getenv("ATOM_STRIDE", "0")),
    "ATOM_POOL": lambda: int(os.getenv("ATOM_POOL", "0")),
    "ATOM_PIN": lambda: int(os.getenv("ATOM_PIN", "0")),
    "ATOM_STAGE": lambda: int(os.getenv("ATOM_STAGE", "0")),
    "ATOM_SLOT": lambda: int(os.getenv("ATOM_SLOT", "0")),
    "ATOM_DEPTH": lambda: int(os.getenv("ATOM_DEPTH", "0")),
    "ATOM_FLUSH": lambda: int(os.getenv("ATOM_FLUSH", "0")),
    "ATOM_TRACE": lambda: int(os.getenv("ATOM_TRACE", "0")),
    "ATOM_RETRY": lambda: int(os.getenv("ATOM_RETRY", "0")),
    "ATOM_PACK": lambda: int(os.getenv("ATOM_PACK", "0")),
    "ATOM_SPLIT": lambda: int(os.getenv("ATOM_SPLIT", "0")),
    "ATOM_LINES": lambda: int(os.getenv("ATOM_LINES", "0")),
    "ATOM_FENCE": lambda: int(os.getenv("ATOM_FENCE", "0")),
    "ATOM_HOP": lambda: int(os.getenv("ATOM_HOP", "0")),
    # Developer override of prefetch_x used while bringing up new kernels.
    "ATOM_PREFETCH_X": lambda: int(os.getenv("ATOM_PREFETCH_X", "0")),
    # Developer override of spill_x used while bringing up new kernels.
    "ATOM_SPILL_X": lambda: int(os.getenv("ATOM_SPILL_X", "0")),
    # Developer override of window_x used while bringing up new kernels.
    "ATOM_WINDOW_X": lambda: int(os.getenv("ATOM_WINDOW_X", "0")),
    # Developer override of drain_x used while bringing up new kernels.
    "ATOM_DRAIN_X": lambda: int(os.getenv("ATOM_DRAIN_X", "0")),
    # Developer override of lane_x used while bringing up new kernels.
    "ATOM_LANE_X": lambda: int(os.getenv("ATOM_LANE_X", "0")),
    # Developer override of tile_x used while bringing up new kernels.
    "ATOM_TILE_X": lambda: int(os.getenv("ATOM_TILE_X", "0")),
    # Developer override of ring_x used while bringing up new kernels.
    "ATOM_RING_X": lambda: int(os.getenv("ATOM_RING_X", "0")),
    # Developer override of warmup_x used while bringing up new kernels.
    "ATOM_WARMUP_X": lambda: int(os.getenv("ATOM_WARMUP_X", "0")),
    # Developer override of shard_x used while bringing up new kernels.
    "ATOM_SHARD_X": lambda: int(os.getenv("ATOM_SHARD_X", "0")),
    # Developer override of queue_x used while bringing up new kernels.
    "ATOM_QUEUE_X": lambda: int(os.getenv("ATOM_QUEUE_X", "0")),
    # Developer override of stride_x used while bringing up new kernels.
    "ATOM_STRIDE_X": lambda: int(os.getenv("ATOM_STRIDE_X", "0")),
    # Developer override of pool_x used while bringing up new kernels.
    "ATOM_POOL_X": lambda: int(os.getenv("ATOM_POOL_X", "0")),
    # Developer override of pin_x used while bringing up new kernels.
    "ATOM_PIN_X": lambda: int(os.getenv("ATOM_PIN_X", "0")),
    # Developer override of stage_x used while bringing up new kernels.
    "ATOM_STAGE_X": lambda: int(os.getenv("ATOM_STAGE_X", "0")),
    # Developer override of slot_x used while bringing up new kernels.
    "ATOM_SLOT_X": lambda: int(os.getenv("ATOM_SLOT_X", "0")),
    # Developer override of depth_x used while bringing up new kernels.
    "ATOM_DEPTH_X": lambda: int(os.getenv("ATOM_DEPTH_X", "0")),
    # Developer override of flush_x used while bringing up new kernels.
    "ATOM_FLUSH_X": lambda: int(os.getenv("ATOM_FLUSH_X", "0")),
    # Developer override of trace_x used while bringing up new kernels.
    "ATOM_TRACE_X": lambda: int(os.getenv("ATOM_TRACE_X", "0")),
    # Developer override of retry_x used while bringing up new kernels.
    "ATOM_RETRY_X": lambda: int(os.getenv("ATOM_RETRY_X", "0")),
    # Developer override of pack_x used while bringing up new kernels.
    "ATOM_PACK_X": lambda: int(os.getenv("ATOM_PACK_X", "0")),
    # Developer override of split_x used while bringing up new kernels.
    "ATOM_SPLIT_X": lambda: int(os.getenv("ATOM_SPLIT_X", "0")),
    # Replays the scheduler decision of the previous step when the batch is
    # unchanged; a debugging aid that is off unless set to 1.
    "ATOM_REPLAY_SCHED": lambda: os.getenv("ATOM_REPLAY_SCHED", "0") == "1",
}
