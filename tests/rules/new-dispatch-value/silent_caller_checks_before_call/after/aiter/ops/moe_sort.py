def _block_for(route):
    if route == "dense":
        return 128
    elif route == "sparse":
        return 32
    elif route == "grouped":
        return 256
    else:
        return 64


def _pad_for(route):
    if route == "dense":
        return 0
    elif route == "sparse":
        return 16
    else:
        return 8


def _validate_route(route, ids):
    if route == "grouped" and ids.numel() % 256:
        raise ValueError("grouped routing needs whole 256-token groups")


def sort_tokens(ids, route):
    _validate_route(route, ids)
    return ids, _block_for(route), _pad_for(route)
