def depth(node):
    return 0
