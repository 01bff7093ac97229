def pick_top(scores, k):
    return sorted(scores, reverse=True)[:k]


def pick_sorted(scores):
    return sorted(scores)
