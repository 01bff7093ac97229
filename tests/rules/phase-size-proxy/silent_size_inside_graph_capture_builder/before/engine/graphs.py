class GraphRunner:
    def prepare_capture_graph_inputs(self, bs, tokens_per_seq):
        buf = self.static_buffers(bs)
        buf.plan = self.one_token_decode_plan(buf)
        return buf
