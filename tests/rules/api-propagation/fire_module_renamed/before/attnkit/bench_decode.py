def main(args=None):
    return 0
