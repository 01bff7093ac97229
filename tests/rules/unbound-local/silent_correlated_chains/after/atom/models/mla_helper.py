def project_kv(self, hidden_states, kv_c):
    if self.q_lora_rank is not None:
        if self.fuse_qknorm_quant:
            q_c, kv_c_normed = self.fused_norm_quant(hidden_states, kv_c)
        elif self.fuse_qknorm:
            q_c, kv_c_normed = self.fused_norm(hidden_states, kv_c)
        else:
            q_c = self.q_a_layernorm(hidden_states)
    else:
        q_c = hidden_states
    if not self.fuse_qknorm_quant and not self.fuse_qknorm:
        kv_c_normed = self.kv_a_layernorm(kv_c)
    return q_c, kv_c_normed
