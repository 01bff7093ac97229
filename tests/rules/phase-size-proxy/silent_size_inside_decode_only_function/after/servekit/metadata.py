class PagedBuilder:
    def prepare_decode(self, batch, max_q):
        meta = self.base_meta(batch)
        # Speculative verification sends several tokens per sequence through decode; they reuse
        # the chunked prefill plan, built over the persistent prefix buffer.
        if max_q <= 1:
            meta.kernel = self.single_token_decode_plan(meta)
        else:
            meta.kernel = self.chunk_prefill_plan(meta, self.prefix_lens)
        return meta

    def prepare_prefill(self, batch, max_q):
        return self.chunk_plan(self.base_meta(batch))
