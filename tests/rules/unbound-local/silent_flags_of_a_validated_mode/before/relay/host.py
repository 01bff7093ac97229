def bind_address(settings):
    return "127.0.0.1", 29500
