def update(a, b):
    return a + b


def run():
    return update(1, 2)
