from dataclasses import dataclass, field

from transformers import PretrainedConfig


@dataclass
class EngineArgs:
    model_path: str
    arch_cfg: PretrainedConfig = field(init=False)
    max_batch: int = 8
