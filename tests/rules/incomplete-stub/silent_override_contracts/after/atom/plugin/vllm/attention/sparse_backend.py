from vllm.attention.backends.abstract import AttentionBackend


class SparseMHABackend(AttentionBackend):
    @staticmethod
    def get_kv_cache_stride_order(include_num_layers_dimension: bool = False):
        raise NotImplementedError

    def warmup(self):
        pass
