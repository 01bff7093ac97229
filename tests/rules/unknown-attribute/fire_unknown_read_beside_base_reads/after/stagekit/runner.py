from stagekit.config import StageConfig


def run(cfg: StageConfig):
    return cfg.width + cfg.depth


def hint(cfg: StageConfig):
    return cfg.depth_hint


def stages(cfg: StageConfig, extra=0):
    base = cfg.depth_hint + extra
    return base * cfg.stage_count  # expect[red]: unknown-attribute
