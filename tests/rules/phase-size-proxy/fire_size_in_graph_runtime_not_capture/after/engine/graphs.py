class GraphRunner:
    def graph_step_plan(self, batch):
        if batch.max_query_len <= 1:  # expect: phase-size-proxy
            return self.one_token_decode_plan(batch)
        return self.causal_prefill_plan(batch, batch.max_query_len)
