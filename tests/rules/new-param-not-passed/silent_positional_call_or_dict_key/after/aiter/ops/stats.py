def update(a, b, c=0):
    return a + b + c


def run():
    return update(
        1,
        2,
        3,
    )
