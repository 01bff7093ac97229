from dataclasses import dataclass, field

from transformers import PretrainedConfig


@dataclass
class SchedConfig:
    max_batch: int = 64


@dataclass
class EngineConfig:
    model: str = ""
    hf_config: PretrainedConfig = field(init=False)
    sched: SchedConfig = field(default_factory=SchedConfig)
