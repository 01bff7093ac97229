def _route_tokens_decode(counts, cap, ratio):
    total = sum(counts)
    if ratio > 1 and total * ratio > cap:
        counts = [c // ratio for c in counts]
    return counts, total


def _route_tokens_prefill(counts, cap, ratio):
    total = sum(counts)
    if ratio > 1 and total * ratio > cap:  # expect: sibling-variant
        counts = [c // ratio for c in counts]
    return counts, total + cap
