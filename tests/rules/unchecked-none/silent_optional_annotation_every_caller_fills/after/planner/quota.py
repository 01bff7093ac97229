from typing import Optional


class Quota:
    def __init__(self, total, policy: Optional[dict] = None):
        self.total = total
        self.cap = policy["cap"]


def default_quota(total):
    return Quota(total, policy={"cap": total})


def strict_quota(total):
    return Quota(total, {"cap": total // 2})
