def barrier_timeout():
    return 60
