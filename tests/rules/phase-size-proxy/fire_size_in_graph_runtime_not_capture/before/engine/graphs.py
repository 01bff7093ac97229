class GraphRunner:
    def graph_step_plan(self, batch):
        return self.one_token_decode_plan(batch)
