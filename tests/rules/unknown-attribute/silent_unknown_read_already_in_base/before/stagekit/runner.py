from stagekit.config import StageConfig


def hint(cfg: StageConfig):
    return cfg.depth_hint
