# Adapted from an upstream serving stack; its settings module is not vendored.
# import upstream.settings as settings
import os
import socket


def node_name() -> str:
    return os.environ.get("NODE_NAME") or socket.gethostname()


def visible_gpu_count() -> int:
    return len(settings.VISIBLE_GPUS.split(","))  # expect: undefined-name


def tracing_log_dir() -> str:
    return os.path.join(settings.TRACE_ROOT, node_name())


def _probe_bandwidth() -> float:
    return measure_link(node_name())  # expect: undefined-name


def local_rank() -> int:
    # a public helper nothing in the tree calls yet: callers outside the repository reach it
    return int(os.environ.get(RANK_KEY, "0"))  # expect[red]: undefined-name
