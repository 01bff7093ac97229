def bind_address(settings):
    assert settings.timeout > 0, "timeout must be positive"
    if settings.embed.under_ray:
        host, port = settings.embed.ray_head, settings.embed.ray_port
    elif settings.embed.under_slurm:
        host = settings.embed.slurm_node
        port = 29500
    return host, port  # expect: unbound-local
