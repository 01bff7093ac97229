import os

environment_variables = {
    "ATOM_PREFETCH_DEPTH": lambda: int(os.getenv("ATOM_PREFETCH_DEPTH", "0")),
    "ATOM_SPILL_ROWS": lambda: int(os.getenv("ATOM_SPILL_ROWS", "0")),
    "ATOM_BATCH_WINDOW": lambda: int(os.getenv("ATOM_BATCH_WINDOW", "0")),
    "ATOM_DRAIN_MS": lambda: int(os.getenv("ATOM_DRAIN_MS", "0")),
    "ATOM_LANE_SPLIT": lambda: int(os.getenv("ATOM_LANE_SPLIT", "0")),
    "ATOM_GROUP_TILE": lambda: int(os.getenv("ATOM_GROUP_TILE", "0")),
    "ATOM_PAGE_RING": lambda: int(os.getenv("ATOM_PAGE_RING", "0")),
    "ATOM_WARMUP_STEPS": lambda: int(os.getenv("ATOM_WARMUP_STEPS", "0")),
    "ATOM_SHARD_HINT": lambda: int(os.getenv("ATOM_SHARD_HINT", "0")),
    "ATOM_QUEUE_CAP": lambda: int(os.getenv("ATOM_QUEUE_CAP", "0")),
    "ATOM_BLOCK_STRIDE": lambda: int(os.getenv("ATOM_BLOCK_STRIDE", "0")),
    "ATOM_HOST_POOL_MB": lambda: int(os.getenv("ATOM_HOST_POOL_MB", "0")),
    "ATOM_PIN_WORKERS": lambda: int(os.getenv("ATOM_PIN_WORKERS", "0")),
    "ATOM_STAGE_BYTES": lambda: int(os.getenv("ATOM_STAGE_BYTES", "0")),
    "ATOM_SLOT_LIMIT": lambda: int(os.getenv("ATOM_SLOT_LIMIT", "0")),
    "ATOM_RING_DEPTH": lambda: int(os.getenv("ATOM_RING_DEPTH", "0")),
    "ATOM_FLUSH_EVERY": lambda: int(os.getenv("ATOM_FLUSH_EVERY", "0")),
    "ATOM_TRACE_LEVEL": lambda: int(os.getenv("ATOM_TRACE_LEVEL", "0")),
    "ATOM_RETRY_BUDGET": lambda: int(os.getenv("ATOM_RETRY_BUDGET", "0")),
    "ATOM_PACK_WIDTH": lambda: int(os.getenv("ATOM_PACK_WIDTH", "0")),
    "ATOM_SPLIT_KV_MIN": lambda: int(os.getenv("ATOM_SPLIT_KV_MIN", "0")),
    "ATOM_CACHE_LINES": lambda: int(os.getenv("ATOM_CACHE_LINES", "0")),
    # Workarounds for gfx1250 faults, both off by default: the serve scripts set them to 1 to
    # take the Triton norm and the torch argmax sampler instead of the faulting HIP kernels.
    "ATOM_TRITON_NORM_FALLBACK": lambda: os.getenv("ATOM_TRITON_NORM_FALLBACK", "0") == "1",
    "ATOM_TORCH_ARGMAX_FALLBACK": lambda: os.getenv("ATOM_TORCH_ARGMAX_FALLBACK", "0") == "1",
}


def __getattr__(name):
    return environment_variables[name]()
