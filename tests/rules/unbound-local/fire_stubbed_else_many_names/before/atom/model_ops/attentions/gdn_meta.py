def build_metadata(self, block_tables, attn_metadata, num_reqs):
    return dict(num_reqs=num_reqs)
