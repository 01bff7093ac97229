from stagekit.config import StageConfig


def hint(cfg: StageConfig):
    return cfg.depth_hint


def doubled_hint(cfg: StageConfig):
    return 2 * cfg.depth_hint


def plain(n):
    return n + 1
