from .host_info import visible_gpu_count


def peer_link_ok(src: int, dst: int) -> bool:
    return src < visible_gpu_count() and dst < visible_gpu_count()
