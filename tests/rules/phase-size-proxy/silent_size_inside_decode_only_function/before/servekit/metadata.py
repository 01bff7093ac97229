class PagedBuilder:
    def prepare_decode(self, batch, max_q):
        meta = self.base_meta(batch)
        meta.kernel = self.single_token_decode_plan(meta)
        return meta

    def prepare_prefill(self, batch, max_q):
        return self.chunk_plan(self.base_meta(batch))
