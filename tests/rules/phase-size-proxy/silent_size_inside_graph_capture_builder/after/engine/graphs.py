class GraphRunner:
    def prepare_capture_graph_inputs(self, bs, tokens_per_seq):
        buf = self.static_buffers(bs)
        # MTP verification captures its own graphs with several tokens per sequence; those
        # use the prefill-style causal plan over the draft tokens.
        if tokens_per_seq == 1 or buf.max_query_len <= 1:
            buf.plan = self.one_token_decode_plan(buf)
        else:
            buf.plan = self.causal_prefill_plan(buf, tokens_per_seq)
        return buf
