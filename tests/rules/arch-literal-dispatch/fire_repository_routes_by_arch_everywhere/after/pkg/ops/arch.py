def current_arch():
    return ""
