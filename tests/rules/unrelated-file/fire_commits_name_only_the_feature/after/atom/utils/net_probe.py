def probe_port():
    return 29511
