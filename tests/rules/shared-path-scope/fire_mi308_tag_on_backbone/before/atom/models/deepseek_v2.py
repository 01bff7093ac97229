import torch


class DeepseekV2MLAAttention(torch.nn.Module):
    def forward(self, q, kv):
        num_kv_splits = 16
        return self.decode(q, kv, num_kv_splits)
