import torch


class DeepseekV2MLAAttention(torch.nn.Module):
    def forward(self, q, kv):
        num_kv_splits = 32  # expect: shared-path-scope
        return self.decode(q, kv, num_kv_splits)
