class AiterMhaBackendForVllm:
    @staticmethod
    def get_kv_cache_stride_order(include_num_layers_dimension: bool = False):
        return (0, 1, 2, 3, 4)


class MiniMaxM3SparseAttentionBackend:
    @staticmethod
    def get_kv_cache_stride_order(include_num_layers_dimension: bool = False):
        raise NotImplementedError
