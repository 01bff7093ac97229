from hostserve.attention import PrefillImpl


class FlashPrefill(PrefillImpl):
    def run_chunk(self, q, k, v):
        return self.kernel(q, k, v)

    def prepare(self, batch):
        return batch


def flat_prefill(q, k, v):
    return q + k + v


def paged_prefill(q, pages):
    return q[pages]
