def barrier_timeout():
    return 30
