def instance_id():
    return envs.INSTANCE_ID  # noqa: F821


def platform_name():
    return current_platform.name


def trace_path():
    return envs.TRACE_DIR  # noqa: F821


def is_rocm():
    return current_platform.is_rocm()
