import logging
import torch


def load(path, cfg):
    try:
        return torch.load(path)
    except Exception as e:
        logging.warning("load failed: %s", e)
        raise
    try:
        del cfg["x"]
    except KeyError:
        pass
    assert path is not None, "path must be set"
