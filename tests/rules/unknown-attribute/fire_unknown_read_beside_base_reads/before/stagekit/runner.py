from stagekit.config import StageConfig


def run(cfg: StageConfig):
    return cfg.width + cfg.depth


def hint(cfg: StageConfig):
    return cfg.depth_hint
