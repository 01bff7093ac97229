def instance_id():
    return envs.INSTANCE_ID  # noqa: F821


def platform_name():
    return current_platform.name
