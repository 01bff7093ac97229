def host_name():
    return "none"
