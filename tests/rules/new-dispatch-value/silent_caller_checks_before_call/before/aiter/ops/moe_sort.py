def _block_for(route):
    if route == "dense":
        return 128
    elif route == "sparse":
        return 32
    else:
        return 64


def _pad_for(route):
    if route == "dense":
        return 0
    elif route == "sparse":
        return 16
    else:
        return 8


def sort_tokens(ids, route):
    return ids, _block_for(route), _pad_for(route)
