from hostserve.attention import PrefillImpl


class FlashPrefill(PrefillImpl):
    def run_chunk(self, q, k, v, sink_tokens=0):
        return self.kernel(q, k, v, sink_tokens)

    def prepare(self, batch):
        return batch


def flat_prefill(q, k, v, fp8_out=None):
    if fp8_out is not None:
        raise NotImplementedError("flat prefill writes bf16 only")
    return q + k + v


def paged_prefill(q, pages, _page_order=None):
    order = pages if _page_order is None else _page_order
    return q[order]
