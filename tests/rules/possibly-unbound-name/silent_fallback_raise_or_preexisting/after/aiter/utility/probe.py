import os

try:
    import amdsmi
except ImportError:
    pass

try:
    from hipinfo import arch_name
except ImportError as e:
    raise ImportError(f"aiter needs hipinfo to read the GPU arch: {e}") from e

try:
    from tuned_tables import LOOKUP
except ImportError:
    def LOOKUP(key):
        return None

cache_dir = None
try:
    cache_dir = os.environ["AITER_PROBE_CACHE"]
except KeyError:
    pass


def gpu_count() -> int:
    return len(amdsmi.amdsmi_get_processor_handles())


def describe() -> str:
    return f"{arch_name()} tuned={LOOKUP('gemm') is not None} cache={cache_dir}"


def lazy_probe():
    try:
        import rocm_smi_lib as smi
    except ImportError:
        return None
    return smi.version()
