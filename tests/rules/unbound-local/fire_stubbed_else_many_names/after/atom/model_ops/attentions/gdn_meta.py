def build_metadata(self, block_tables, attn_metadata, num_reqs):
    if not self.use_spec_decode:
        spec_token_indx = None
        non_spec_state_indices = block_tables[:num_reqs, 0]
        non_spec_query_start_loc = attn_metadata.cu_seqlens_q
        num_spec_decodes = 0
    else:
        pass
    return dict(
        num_reqs=num_reqs,
        spec_token_indx=spec_token_indx,  # expect[red]: unbound-local
        non_spec_state_indices=non_spec_state_indices,
        non_spec_query_start_loc=non_spec_query_start_loc,
        num_spec_decodes=num_spec_decodes,
    )
