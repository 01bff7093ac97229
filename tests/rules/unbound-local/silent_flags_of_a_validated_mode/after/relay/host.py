def bind_address(settings):
    assert settings.embed.enabled, "embedded mode only"
    if settings.embed.under_ray:
        host, port = settings.embed.ray_head, settings.embed.ray_port
    elif settings.embed.under_slurm:
        host = settings.embed.slurm_node
        port = 29500
    return host, port
